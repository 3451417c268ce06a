import FolioLocation
import FolioTables
import Foundation

/// `folio geo track show NAME`: each movement with its time, or the track as SVG or GPX.
enum GeoTrackShowCommand {
    static let command = Command(
        "show",
        summary: "show each movement of a track with its time, or draw it as an SVG map",
        usage: "show NAME [--svg [--width W --height H] | --gpx]",
        options: [
            ArgumentSpec.Option.flag("--svg", help: "print an SVG map: the path, each movement, a scale bar"),
            ArgumentSpec.Option.flag("--gpx", help: "print the track as GPX 1.1"),
            ArgumentSpec.Option.value("--width", name: "W", help: "the SVG's width in pixels (default: 800)"),
            ArgumentSpec.Option.value("--height", name: "H", help: "the SVG's height in pixels (default: 600)"),
        ]
    ) { arguments, context in
        let name = try arguments.positional(0, "NAME")
        try arguments.expectAtMost(1)
        let store = try GeoStores.tracks(context)
        let track = try store.track(named: name)
        let output = context.output
        if arguments.flag("--gpx") {
            try store.exportGPX(track) { output.write(String(decoding: $0, as: UTF8.self)) }
            return
        }
        if arguments.flag("--svg") {
            let width = try arguments.integer("--width") ?? 800
            let height = try arguments.integer("--height") ?? 600
            guard width >= 100, height >= 100 else {
                throw UsageError("--width and --height need at least 100 pixels", usage: arguments.usage)
            }
            let map = TrackMap(title: track.name, width: Double(width), height: Double(height))
            output.write(map.render(segments: try store.segments(of: track)))
            return
        }
        var movements: [MovementReport] = []
        var table = TextTable(
            alignments: [.right, .left, .left, .right, .right, .right],
            header: ["#", "TIME", "POSITION", "±", "SEGMENT", "STEP"])
        var previous: (segment: Int, point: TrackPoint)?
        var number = 0
        try store.forEachPoint(of: track) { segment, point in
            number += 1
            let step = previous.flatMap { $0.segment == segment ? point.distance(from: $0.point) : nil }
            if context.wantsJSON {
                movements.append(MovementReport(point, number: number, segment: segment + 1, step: step))
            } else {
                table.append([
                    String(number), point.time?.description ?? "unknown",
                    point.coordinate.description + (point.name.map { " \(TerminalText.sanitized($0))" } ?? ""),
                    point.horizontalAccuracy.map { Distance(meters: $0).description } ?? "?", String(segment + 1),
                    step.map { Distance(meters: $0).description } ?? "",
                ])
            }
            previous = (segment, point)
        }
        if context.wantsJSON {
            try context.printJSON(TrackDetail(track: TrackReport(track), movements: movements))
            return
        }
        output.line(TrackReport.summary(of: track))
        output.write(table.render())
    }

    struct TrackDetail: Encodable {
        var track: TrackReport
        var movements: [MovementReport]
    }
}
