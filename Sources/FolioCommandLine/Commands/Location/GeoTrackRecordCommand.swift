import FolioLocation

/// `folio geo track record NAME`: record movements from a source (the chapter's tracking app).
enum GeoTrackRecordCommand {
    static let name = Argument("NAME")

    static let command = Command(
        "record",
        summary: "record movements into a new track, a set number or until Ctrl-C",
        parameters: [name] + LocationSourceOptions.parameters,
        discussion: """
            Each movement is committed as it arrives: Ctrl-C stops the recording and keeps everything
            recorded so far. Example: folio geo track record Walk --gpsd 127.0.0.1:2947 --count 100
            """
    ) { arguments, context in
        let name = arguments[Self.name]
        let source = try LocationSourceOptions.source(arguments, context: context)
        let manager = try LocationSourceOptions.manager(arguments, source: source)
        let store = try GeoStores.tracks(context)
        let interrupt = InterruptHandler { manager.stopUpdatingLocation() }
        defer { interrupt.cancel() }
        let output = context.output
        let quiet = context.wantsJSON
        let recording = try await store.record(from: manager, into: name) { location, number in
            guard !quiet else { return }
            output.line(GeoOutput.line(location, number: number, previous: nil))
            output.flush()
        }
        var report = SourceReport(output: output, isVerbose: arguments[LocationSourceOptions.verbose])
        report.add(recording)
        report.finish(source: source.name)
        guard let track = recording.track else {
            throw CommandFailure(
                "no movement recorded from \(source.name)" + (recording.failures.last.map { " (\($0.code))" } ?? ""))
        }
        if context.wantsJSON {
            try context.printJSON(TrackReport(track))
        } else {
            output.line(
                "recorded \(track.pointCount) movements into \(track.name) (\(Distance(meters: track.distance)))")
        }
    }
}
