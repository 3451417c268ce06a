import FolioLocation

/// `folio geo near Q --radius R`: the zip codes within a distance of a place.
enum GeoNearCommand {
    static let place = Argument("PLACE")
    static let radius = Option(
        "--radius", valueName: "R", help: "the distance: 10mi, 5km, 800m (default: 10mi)",
        parse: Distance.init(parsingWithUnit:))
    static let limit = Option(
        "--limit", valueName: "N", help: "print at most N (default: all)", parse: WholeNumber.parse)

    static let command = Command(
        "near",
        summary: "the zip codes within a radius of a place, nearest first",
        parameters: [place, radius, limit, Pager.noPager],
        discussion: """
            The search runs in SQLite: a bounding box an index answers, then the geodesic distance()
            function registered from Swift. Example: folio geo near 20500 --radius 10mi
            """
    ) { arguments, context in
        let query = arguments[place]
        let radius = arguments[Self.radius] ?? Distance(meters: 16_093.44)
        let limit = arguments[Self.limit]
        let gazetteer = try GeoStores.gazetteer(context)
        let center = try gazetteer.resolve(query)
        var matches = try gazetteer.zipCodes(within: radius.meters, of: center.coordinate)
        if let limit { matches = Array(matches.prefix(max(0, limit))) }
        if context.wantsJSON {
            try context.printJSON(matches)
            return
        }
        var table = TextTable(alignments: [.left, .left, .left, .right])
        for match in matches {
            let record = match.zipCode
            table.append([record.code, record.place, record.state, Distance(meters: match.distance).description])
        }
        try Pager.show(
            table.render()
                + "\(matches.count) zip code\(matches.count == 1 ? "" : "s") within \(radius) of \(center.name)\n",
            context: context,
            isAllowed: !arguments[Pager.noPager])
    }
}
