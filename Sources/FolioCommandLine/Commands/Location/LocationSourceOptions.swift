import FolioFiles
import FolioLocation
import FolioSandbox

/// What `geo watch` and `geo track record` share: the options that choose a location source and
/// the manager's filters.
enum LocationSourceOptions {
    static let gpsd = Option("--gpsd", valueName: "HOST:PORT", help: "read gpsd (default: 127.0.0.1:2947)")
    static let nmea = Option("--nmea", valueName: "FILE", help: "replay an NMEA 0183 log in the Home")
    static let gpx = Option("--gpx", valueName: "FILE", help: "replay the track points of a GPX file in the Home")
    static let accuracy = Option(
        "--accuracy", valueName: "A", help: "desired accuracy: best, 10m, 100m, 1km, 3km or a distance (default: best)",
        parse: LocationAccuracy.init(parsing:))
    static let distanceFilter = Option(
        "--distance-filter", valueName: "M", help: "metres to move between updates (default: every movement)",
        parse: Distance.init(parsing:))
    static let count = Option("--count", valueName: "N", help: "stop after N locations (default: until Ctrl-C)") {
        text throws(UsageError) -> Int in
        guard let count = Int(text) else {
            throw UsageError("option '--count' needs a whole number, not '\(text)'")
        }
        guard count > 0 else { throw UsageError("--count needs at least 1") }
        return count
    }
    static let verbose = Flag("--verbose", help: "at the end, count the lines skipped as giving no position")

    /// The options, in the order help lists them.
    static let parameters: [any CommandParameter] = [
        ExclusiveOptions(gpsd, nmea, gpx), accuracy, distanceFilter, count, verbose,
    ]

    /// The source the options name; gpsd on 127.0.0.1:2947 when none is named.
    static func source(_ arguments: Arguments, context: CommandContext) throws -> any LocationSource {
        if let file = arguments[nmea] {
            let path = try SandboxPath(argument: file)
            return NMEALog(.file(path, in: Files(try context.container())))
        }
        if let file = arguments[gpx] {
            let path = try SandboxPath(argument: file)
            return GPXFile(.file(path, in: Files(try context.container())))
        }
        return try GPSDSource(parsing: arguments[gpsd] ?? "127.0.0.1:2947")
    }

    /// A manager over `source` configured by the options.
    static func manager(_ arguments: Arguments, source: any LocationSource) throws -> LocationManager {
        let manager = LocationManager(source: source)
        if let accuracy = arguments[accuracy] {
            manager.desiredAccuracy = accuracy
        }
        if let filter = arguments[distanceFilter] {
            manager.distanceFilter = filter.meters
        }
        if let count = arguments[count] {
            manager.maximumUpdates = count
        }
        return manager
    }
}
