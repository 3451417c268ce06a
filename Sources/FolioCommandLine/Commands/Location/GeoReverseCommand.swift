import FolioLocation

/// `folio geo reverse LAT,LON`: the zip code nearest a point.
enum GeoReverseCommand {
    static let point = Argument("LAT,LON")

    static let command = Command(
        "reverse",
        summary: "the zip code nearest a point",
        parameters: [point],
        discussion: "Example: folio geo reverse 38.8977,-77.0365"
    ) { arguments, context in
        let text = arguments[point]
        guard let coordinate = try Coordinate(parsing: text) else {
            throw UsageError("'\(text)' is not LAT,LON in decimal degrees", usage: arguments.usage)
        }
        let match = try GeoStores.gazetteer(context).nearest(to: coordinate)
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
