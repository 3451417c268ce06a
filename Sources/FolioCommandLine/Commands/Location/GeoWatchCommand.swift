import FolioLocation
import Foundation

/// `folio geo watch`: print location updates as they arrive (the chapter's first app).
enum GeoWatchCommand {
    static let command = Command(
        "watch",
        summary: "print location updates from gpsd, an NMEA log or a GPX file",
        usage:
            "watch [--gpsd H:P | --nmea FILE | --gpx FILE] [--accuracy best|10m|100m|1km|3km] "
            + "[--distance-filter M] [--count N]",
        options: LocationSourceOptions.options,
        discussion: """
            Updates less accurate than --accuracy wait up to 30 s (by the readings' times) for a better
            one; with --distance-filter an update comes only after moving that far, unless it is more
            accurate. Failures (a corrupt sentence, no fix) are reported on standard error and watching
            goes on. Ctrl-C stops. --json prints one JSON object per line. Example, the chapter's app:
              folio geo watch --nmea Documents/drive.nmea --count 10
            """
    ) { arguments, context in
        try arguments.expectAtMost(0)
        let source = try LocationSourceOptions.source(arguments, context: context)
        let manager = try LocationSourceOptions.manager(arguments, source: source)
        let updates = manager.updates()
        let interrupt = InterruptHandler { manager.stopUpdatingLocation() }
        defer { interrupt.cancel() }
        manager.startUpdatingLocation()
        var count = 0
        var lastFailure: LocationError?
        for await update in updates {
            switch update {
            case .location(let location, let previous):
                count += 1
                if context.wantsJSON {
                    context.output.line(
                        try GeoOutput.jsonLine(LocationReport(location, number: count, previous: previous)))
                } else {
                    context.output.line(GeoOutput.line(location, number: count, previous: previous))
                }
            case .failure(let error):
                lastFailure = error
                context.output.error("folio: \(error)")
            }
            context.output.flush()
        }
        if count == 0, let lastFailure {
            throw CommandFailure("no location from \(source.name) (\(lastFailure.code))")
        }
    }
}
