import FolioLocation
import Foundation

/// `folio geo watch`: print location updates as they arrive (the chapter's first app).
enum GeoWatchCommand {
    static let command = Command(
        "watch",
        summary: "print location updates from gpsd, an NMEA log or a GPX file",
        parameters: LocationSourceOptions.parameters,
        discussion: """
            Updates less accurate than --accuracy wait up to 30 s (by the readings' times) for a better
            one; with --distance-filter an update comes only after moving that far, unless it is more
            accurate. Failures (a corrupt sentence, no fix) are reported on standard error and watching
            goes on; a run of failures of one kind is one line and a count. Sentences that give no
            position (GSV, AIS, $P…) and # comments are skipped; --verbose counts them at the end.
            Ctrl-C stops. --json prints JSON Lines: one JSON object per update, on its own line, as it
            arrives (the one command whose --json is a stream). Example, the chapter's app:
              folio geo watch --nmea Documents/drive.nmea --count 10
            """
    ) { arguments, context in
        let source = try LocationSourceOptions.source(arguments, context: context)
        let manager = try LocationSourceOptions.manager(arguments, source: source)
        let updates = manager.updates()
        let interrupt = InterruptHandler { manager.stopUpdatingLocation() }
        defer { interrupt.cancel() }
        manager.startUpdatingLocation()
        var count = 0
        var report = SourceReport(output: context.output, isVerbose: arguments[LocationSourceOptions.verbose])
        for await update in updates {
            switch update {
            case .location(let location, let previous):
                count += 1
                report.location()
                if context.wantsJSON {
                    context.output.line(
                        try GeoOutput.jsonLine(LocationReport(location, number: count, previous: previous)))
                } else {
                    context.output.line(GeoOutput.line(location, number: count, previous: previous))
                }
            case .failure(let error):
                report.failure(error)
            case .skipped(let input):
                report.skipped(input)
            }
            context.output.flush()
        }
        report.finish(source: source.name)
        if count == 0 {
            throw CommandFailure(report.nothingFrom(source.name))
        }
    }
}
