import FolioLocation

/// `folio geo near Q --radius R`: the zip codes within a distance of a place.
enum GeoNearCommand {
    static let command = Command(
        "near",
        summary: "the zip codes within a radius of a place, nearest first",
        usage: "near PLACE --radius R [--limit N]",
        options: [
            ArgumentSpec.Option.value("--radius", name: "R", help: "the distance: 10mi, 5km, 800m (default: 10mi)"),
            ArgumentSpec.Option.value("--limit", name: "N", help: "print at most N (default: all)"),
        ],
        discussion: """
            The search runs in SQLite: a bounding box an index answers, then the geodesic distance()
            function registered from Swift. Example: folio geo near 20500 --radius 10mi
            """
    ) { arguments, context in
        let query = try arguments.positional(0, "PLACE")
        try arguments.expectAtMost(1)
        let radius = try arguments.value("--radius", parsedBy: Distance.init(parsing:)) ?? Distance(meters: 16_093.44)
        let limit = try arguments.integer("--limit")
        let gazetteer = try GeoStores.gazetteer(context)
        let center = try gazetteer.resolve(query)
        var matches = try gazetteer.zipCodes(within: radius.meters, of: center.coordinate)
        if let limit { matches = Array(matches.prefix(max(0, limit))) }
        if context.wantsJSON {
            try context.printJSON(matches.map(ZipCodeReport.init))
            return
        }
        var table = TextTable(alignments: [.left, .left, .left, .right])
        for match in matches {
            let record = match.zipCode
            table.append([record.code, record.place, record.state, Distance(meters: match.distance).description])
        }
        context.output.write(table.render())
        context.output.line("\(matches.count) zip codes within \(radius) of \(center.name)")
    }
}
