import FolioLocation

/// `folio geo reverse LAT,LON`: the zip code nearest a point.
enum GeoReverseCommand {
    static let point = Argument("LAT,LON")
    static let radius = Option(
        "--radius", valueName: "R", help: "how far to look: 50km, 10mi (default: 50km)",
        parse: Distance.init(parsingWithUnit:))

    static let command = Command(
        "reverse",
        summary: "the zip code nearest a point, when one is near",
        parameters: [point, radius],
        discussion: """
            A point with no zip code within the radius (the gazetteer covers the United States) has
            nothing near: the command says so, names the nearest, and exits 1.
            Example: folio geo reverse 38.8977,-77.0365
            """
    ) { arguments, context in
        let text = arguments[point]
        guard let coordinate = try Coordinate(parsing: text) else {
            throw UsageError("'\(text)' is not LAT,LON in decimal degrees", usage: arguments.usage)
        }
        let match = try GeoStores.gazetteer(context).nearest(
            to: coordinate, within: arguments[Self.radius] ?? Gazetteer.nearbyRadius)
        if context.wantsJSON {
            try context.printJSON(match)
        } else {
            let record = match.zipCode
            context.output.line(
                "\(record.code)  \(record.place), \(record.state)  \(Distance(meters: match.distance)) away "
                    + "(centroid \(record.coordinate))")
        }
    }
}
