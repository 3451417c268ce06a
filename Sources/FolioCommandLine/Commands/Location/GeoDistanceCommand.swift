import FolioLocation
import Foundation

/// `folio geo distance A B`: the geodesic distance between two places (the chapter's second app).
enum GeoDistanceCommand {
    static let first = Argument("A")
    static let second = Argument("B")

    static let command = Command(
        "distance",
        summary: "the distance between two places along the WGS84 ellipsoid",
        parameters: [first, second],
        discussion: """
            A and B are coordinates (LAT,LON), zip codes, landmarks, towns or addresses ending in a zip
            code. The chapter's example, the White House and the Pentagon:
              folio geo distance "White House" Pentagon
              folio geo distance "1600 Pennsylvania Ave NW, Washington, DC 20500" \\
                  "Army Navy Dr & Fern St, Arlington, VA 22202"
            """
    ) { arguments, context in
        let first = arguments[Self.first]
        let second = arguments[Self.second]
        let gazetteer = try GeoStores.gazetteer(context)
        let from = try gazetteer.resolve(first)
        let to = try gazetteer.resolve(second)
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
