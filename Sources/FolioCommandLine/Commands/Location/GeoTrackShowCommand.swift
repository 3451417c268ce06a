import FolioLocation
import FolioTables
import Foundation

/// `folio geo track show NAME`: each movement with its time, or the track as SVG or GPX.
enum GeoTrackShowCommand {
    static let name = Argument("NAME")
    static let svg = Flag("--svg", help: "print an SVG map: the path, each movement, a scale bar")
    static let gpx = Flag("--gpx", help: "print the track as GPX 1.1")
    static let width = Option(
        "--width", valueName: "W", help: "with --svg: the width in pixels (default: 800)", parse: WholeNumber.parse)
    static let height = Option(
        "--height", valueName: "H", help: "with --svg: the height in pixels (default: 600)", parse: WholeNumber.parse)

    static let command = Command(
        "show",
        summary: "show each movement of a track with its time, or draw it as an SVG map",
        parameters: [name, ExclusiveOptions(svg, gpx), width, height, Pager.noPager]
    ) { arguments, context in
        let name = arguments[Self.name]
        let store = try GeoStores.tracks(context)
        let track = try store.track(named: name)
        let output = context.output
        if arguments[gpx] {
            try store.exportGPX(track) { output.write(String(decoding: $0, as: UTF8.self)) }
            return
        }
        if arguments[svg] {
            let width = arguments[Self.width] ?? 800
            let height = arguments[Self.height] ?? 600
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
        try Pager.show(
            TrackReport.summary(of: track) + "\n" + table.render(), context: context,
            isAllowed: !arguments[Pager.noPager])
    }

    struct TrackDetail: Encodable {
        var track: TrackReport
        var movements: [MovementReport]
    }
}
