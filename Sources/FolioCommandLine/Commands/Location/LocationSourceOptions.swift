import FolioFiles
import FolioLocation
import FolioSandbox

/// What `geo watch` and `geo track record` share: the options that choose a location source and
/// the manager's filters.
enum LocationSourceOptions {
    static let options: [ArgumentSpec.Option] = [
        ArgumentSpec.Option.value("--gpsd", name: "HOST:PORT", help: "read gpsd (default: 127.0.0.1:2947)"),
        ArgumentSpec.Option.value("--nmea", name: "FILE", help: "replay an NMEA 0183 log in the Home"),
        ArgumentSpec.Option.value("--gpx", name: "FILE", help: "replay the track points of a GPX file in the Home"),
        ArgumentSpec.Option.value(
            "--accuracy", name: "A", help: "desired accuracy: best, 10m, 100m, 1km, 3km or a distance (default: best)"),
        ArgumentSpec.Option.value(
            "--distance-filter", name: "M", help: "metres to move between updates (default: every movement)"),
        ArgumentSpec.Option.value("--count", name: "N", help: "stop after N locations (default: until Ctrl-C)"),
        ArgumentSpec.Option.flag("--verbose", help: "at the end, count the lines skipped as giving no position"),
    ]

    /// The source the options name; gpsd on 127.0.0.1:2947 when none is named.
    static func source(_ arguments: Arguments, context: CommandContext) throws -> any LocationSource {
        let chosen = ["--gpsd", "--nmea", "--gpx"].filter { arguments.value($0) != nil }
        guard chosen.count <= 1 else {
            throw UsageError("choose one source: \(chosen.joined(separator: " or "))", usage: arguments.usage)
        }
        if let file = arguments.value("--nmea") {
            let path = try SandboxPath(argument: file)
            return NMEALog(.file(path, in: Files(try context.container())))
        }
        if let file = arguments.value("--gpx") {
            let path = try SandboxPath(argument: file)
            return GPXFile(.file(path, in: Files(try context.container())))
        }
        return try GPSDSource(parsing: arguments.value("--gpsd") ?? "127.0.0.1:2947")
    }

    /// A manager over `source` configured by the options.
    static func manager(_ arguments: Arguments, source: any LocationSource) throws -> LocationManager {
        let manager = LocationManager(source: source)
        if let accuracy = try arguments.value("--accuracy", parsedBy: LocationAccuracy.init(parsing:)) {
            manager.desiredAccuracy = accuracy
        }
        if let filter = try arguments.value("--distance-filter", parsedBy: Distance.init(parsing:)) {
            manager.distanceFilter = filter.meters
        }
        if let count = try arguments.integer("--count") {
            guard count > 0 else { throw UsageError("--count needs at least 1", usage: arguments.usage) }
            manager.maximumUpdates = count
        }
        return manager
    }
}
