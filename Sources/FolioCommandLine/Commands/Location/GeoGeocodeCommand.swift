import FolioLocation

/// `folio geo geocode Q`: where a place is, offline or from a CSV geocoding service.
enum GeoGeocodeCommand {
    static let query = Argument("QUERY")
    static let service = Option(
        "--service", valueName: "URL", help: "a CSV geocoding service; {query} and {key} in the URL are replaced")
    static let key = RepeatedOption(
        "--key", valueName: "KEY", help: "an API key for --service (several spread the load)")

    static let command = Command(
        "geocode",
        summary: "find the coordinates of a zip code, landmark, town or address",
        parameters: [query, service, key],
        discussion: """
            Without --service the offline zip gazetteer answers. A service replies status,accuracy,lat,lon
            (200,8,33.010003,-96.757923); keys it refuses or finds over quota are rotated. Example:
              folio geo geocode "3400 W Plano Pkwy, Plano, TX 75075" \\
                  --service "http://127.0.0.1:8080/maps/geo?q={query}&output=csv&key={key}" --key K1 --key K2
            """
    ) { arguments, context in
        let query = arguments[Self.query]
        let geocoder: any Geocoder
        if let service = arguments[service] {
            geocoder = try CSVGeocoder(urlTemplate: service, keys: arguments[key])
        } else {
            guard arguments[key].isEmpty else {
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
