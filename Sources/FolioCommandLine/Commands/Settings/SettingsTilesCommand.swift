import FolioLocation

/// `folio settings tiles [URL] [--attribution TEXT] [--clear]`: the base map of the Tracks page.
enum SettingsTilesCommand {
    static let url = OptionalArgument("URL", help: "an XYZ tile URL template with {z}, {x} and {y}")
    static let attribution = Option(
        "--attribution", valueName: "TEXT", help: "the credit the tile server's terms ask for, shown on the map")
    static let clear = Flag("--clear", help: "forget the tile server: the map goes back to its offline base")

    static let command = Command(
        "tiles",
        summary: "show, set or clear the tile server of the interactive map",
        parameters: [url, attribution, clear],
        discussion: """
            The Tracks page of 'folio serve' draws tracks over tiles from this server; without one it
            shows an offline base (a graticule and the scale). The URL is http or https, names one host
            (no user name or password) and has {z}, {x} and {y}; the app's content security policy
            allows images from that host only. Without arguments, shows the setting. Example:
              folio settings tiles "https://tile.openstreetmap.org/{z}/{x}/{y}.png" \\
                  --attribution "© OpenStreetMap contributors"
            """
    ) { arguments, context in
        let container = try context.container()
        if arguments[clear] {
            guard arguments[url] == nil, arguments[attribution] == nil else {
                throw UsageError("--clear takes no URL or --attribution", usage: arguments.usage)
            }
            let previous = try TileServer.clear(in: container)
            if context.wantsJSON {
                try context.printJSON(TileSettingsReport(nil))
            } else {
                context.output.line(
                    previous == nil
                        ? "No tile server was set; the map shows its offline base."
                        : "Tile server cleared; the map shows its offline base.")
            }
            return
        }
        guard let template = arguments[url] else {
            guard arguments[attribution] == nil else {
                throw UsageError("--attribution needs a URL", usage: arguments.usage)
            }
            let tiles = try TileServer.configured(in: container)
            if context.wantsJSON {
                try context.printJSON(TileSettingsReport(tiles))
            } else if let tiles {
                context.output.line(describe(tiles))
            } else {
                context.output.line("No tile server is set; the map shows its offline base.")
            }
            return
        }
        let tiles = try TileServer(urlTemplate: template, attribution: arguments[attribution])
        try tiles.save(in: container)
        if context.wantsJSON {
            try context.printJSON(TileSettingsReport(tiles))
        } else {
            context.output.line("Tile server set: " + describe(tiles))
        }
    }

    private static func describe(_ tiles: TileServer) -> String {
        tiles.urlTemplate + (tiles.attribution.map { " (\($0))" } ?? "") + ", images allowed from " + tiles.origin
    }
}
