import FolioLocation

/// `folio geo geocode Q`: where a place is, offline or from a CSV geocoding service.
enum GeoGeocodeCommand {
    static let command = Command(
        "geocode",
        summary: "find the coordinates of a zip code, landmark, town or address",
        usage: "geocode QUERY [--service URL --key KEY…]",
        options: [
            ArgumentSpec.Option.value(
                "--service", name: "URL",
                help: "a CSV geocoding service; {query} and {key} in the URL are replaced"),
            ArgumentSpec.Option.repeated(
                "--key", name: "KEY", help: "an API key for --service (several spread the load)"),
        ],
        discussion: """
            Without --service the offline zip gazetteer answers. A service replies status,accuracy,lat,lon
            (200,8,33.010003,-96.757923); keys it refuses or finds over quota are rotated. Example:
              folio geo geocode "3400 W Plano Pkwy, Plano, TX 75075" \\
                  --service "http://127.0.0.1:8080/maps/geo?q={query}&output=csv&key={key}" --key K1 --key K2
            """
    ) { arguments, context in
        let query = try arguments.positional(0, "QUERY")
        try arguments.expectAtMost(1)
        let geocoder: any Geocoder
        if let service = arguments.value("--service") {
            geocoder = try CSVGeocoder(urlTemplate: service, keys: arguments.values("--key"))
        } else {
            guard arguments.values("--key").isEmpty else {
                throw UsageError("--key needs --service", usage: arguments.usage)
            }
            geocoder = try GeoStores.gazetteer(context)
        }
        let placemark = try await geocoder.geocode(query)
        if context.wantsJSON {
            try context.printJSON(PlacemarkReport(placemark))
        } else {
            context.output.line("\(placemark.coordinate)  \(placemark.name)  (\(placemark.accuracy))")
        }
    }
}
