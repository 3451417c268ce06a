import FolioLocation

/// `folio geo geocode Q`: where a place is, offline or from a CSV geocoding service.
enum GeoGeocodeCommand {
    static let query = Argument("QUERY")
    static let service = Option(
        "--service", valueName: "SERVICE",
        help: "nominatim:URL, or a CSV service's URL ({query} and {key} are replaced)",
        parse: GeocodingService.init(parsing:))
    static let key = RepeatedOption(
        "--key", valueName: "KEY", help: "an API key for a CSV --service (several spread the load)")

    static let command = Command(
        "geocode",
        summary: "find the coordinates of a zip code, landmark, town or address",
        parameters: [query, service, key],
        discussion: """
            Without --service (or a service set with 'folio settings geocoder') the offline zip
            gazetteer answers. A CSV service replies status,accuracy,lat,lon (200,8,33.010003,-96.757923);
            keys it refuses or finds over quota are rotated. A Nominatim service is asked at most once
            a second, with Folio and the configured contact in the User-Agent, and its answers are
            kept in Library/Caches/geocoding.db for 30 days. Examples:
              folio geo geocode "3400 W Plano Pkwy, Plano, TX 75075" \\
                  --service "http://127.0.0.1:8080/maps/geo?q={query}&output=csv&key={key}" --key K1 --key K2
              folio geo geocode "10 Downing Street, London" --service nominatim:https://nominatim.openstreetmap.org
            """
    ) { arguments, context in
        let query = arguments[Self.query]
        let geocoder: any Geocoder
        if arguments[service] == nil && !arguments[key].isEmpty {
            throw UsageError("--key needs --service", usage: arguments.usage)
        }
        if let chosen = try GeocoderSettings.geocoder(
            service: arguments[service], keys: arguments[key], in: try context.container(), version: FolioCLI.version)
        {
            geocoder = chosen
        } else {
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
