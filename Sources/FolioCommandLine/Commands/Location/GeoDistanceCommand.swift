import FolioLocation
import Foundation

/// `folio geo distance A B`: the geodesic distance between two places (the chapter's second app).
enum GeoDistanceCommand {
    static let first = Argument("A")
    static let second = Argument("B")
    static let service = Option(
        "--service", valueName: "SERVICE",
        help: "geocode A and B through nominatim:URL or a CSV service's URL template",
        parse: GeocodingService.init(parsing:))
    static let key = RepeatedOption(
        "--key", valueName: "KEY", help: "an API key for a CSV --service (several spread the load)")

    static let command = Command(
        "distance",
        summary: "the distance between two places along the WGS84 ellipsoid",
        parameters: [first, second, service, key],
        discussion: """
            A and B are coordinates (LAT,LON), zip codes, landmarks, towns or addresses ending in a zip
            code, found in the offline gazetteer; with --service (or a service set with 'folio
            settings geocoder') every place but a coordinate is geocoded by the service. The
            chapter's example, the White House and the Pentagon:
              folio geo distance "White House" Pentagon
              folio geo distance "1600 Pennsylvania Ave NW, Washington, DC 20500" \\
                  "Army Navy Dr & Fern St, Arlington, VA 22202"
              folio geo distance "10 Downing Street, London" "Eiffel Tower, Paris" \\
                  --service nominatim:https://nominatim.openstreetmap.org
            """
    ) { arguments, context in
        let (from, to) = try await GeoStores.places(
            arguments[first], arguments[second], service: arguments[service], keys: arguments[key], context)
        let geodesic = from.coordinate.geodesic(to: to.coordinate)
        if context.wantsJSON {
            try context.printJSON(DistanceReport(from: from, to: to))
            return
        }
        context.output.line("from  \(from.name)  (\(from.coordinate), \(from.accuracy))")
        context.output.line("to    \(to.name)  (\(to.coordinate), \(to.accuracy))")
        let miles = Distance(meters: geodesic.distance).value(in: .miles)
        context.output.line(
            "\(String(format: "%.2f", geodesic.distance)) meters (\(Distance(meters: geodesic.distance)), "
                + "\(String(format: "%.2f", miles)) mi), bearing \(String(format: "%.1f", geodesic.initialBearing))°")
    }
}
