import FolioCore

/// Writes GPX 1.1 as a stream: a header, waypoints, routes, tracks of segments of points, a
/// footer. Memory stays bounded by a small buffer whatever the number of points.
///
/// The output is valid against the GPX 1.1 schema: `version="1.1"`, a `creator`, waypoints before
/// routes before tracks, latitudes and longitudes in range, times in UTC, elements in schema
/// order. What a point does not know is left out. Accuracies, speed and course, which GPX 1.1 has
/// no elements for, go in a `folio:fix` extension that ``GPXReader`` reads back.
///
/// ```swift
/// let writer = GPXWriter(creator: "Folio") { bytes in try file.write(bytes) }
/// try writer.beginTrack(name: "Morning walk")
/// try writer.beginSegment()
/// for location in locations { try writer.write(location) }
/// try writer.finish()
/// ```
public final class GPXWriter {
    private let sink: ([UInt8]) throws -> Void
    private var buffer: [UInt8] = []
    private var open: Container = .none
    /// How far through the schema's order (waypoints, routes, tracks) the document is.
    private var stage = 0
    private var isInSegment = false
    private var isFinished = false

    private enum Container {
        case none, route, track
    }

    /// Starts a document by `creator`, handing its bytes to `sink` in chunks.
    ///
    /// - Parameter name: the document's name, written in its metadata.
    public init(creator: String, name: String? = nil, sink: @escaping ([UInt8]) throws -> Void) {
        self.sink = sink
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        append("<gpx version=\"1.1\" creator=\"\(MarkupText.escaped(creator))\" xmlns=\"\(GPXReader.namespace)\" ")
        append("xmlns:folio=\"\(GPXReader.folioNamespace)\" ")
        append("xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" ")
        append("xsi:schemaLocation=\"\(GPXReader.namespace) http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")
        if let name {
            append("  <metadata><name>\(MarkupText.escaped(name))</name></metadata>\n")
        }
    }

    /// Writes a waypoint.
    ///
    /// - Precondition: no route or track was begun (the schema puts waypoints first).
    /// - Throws: ``LocationError`` `.invalidCoordinate` for a coordinate out of range, and what
    ///   the sink throws.
    public func writeWaypoint(_ point: TrackPoint) throws {
        precondition(stage == 0, "GPX waypoints come before routes and tracks")
        try writePoint(point, element: "wpt", indent: "  ")
    }

    /// Begins a route (closing the previous one).
    ///
    /// - Precondition: no track was begun (the schema puts routes before tracks).
    public func beginRoute(name: String?) throws {
        precondition(stage <= 1, "GPX routes come before tracks")
        try close()
        stage = 1
        append("  <rte>\n")
        if let name { append("    <name>\(MarkupText.escaped(name))</name>\n") }
        open = .route
    }

    /// Begins a track (closing the previous track or route).
    public func beginTrack(name: String?) throws {
        try close()
        stage = 2
        append("  <trk>\n")
        if let name { append("    <name>\(MarkupText.escaped(name))</name>\n") }
        open = .track
    }

    /// Begins a segment of the current track (closing the previous segment); begins a track
    /// when none is open.
    public func beginSegment() throws {
        if open != .track { try beginTrack(name: nil) }
        endSegment()
        append("    <trkseg>\n")
        isInSegment = true
    }

    /// Writes one point of the current route, or of the current segment (opening a segment, and
    /// a track, when none is open).
    ///
    /// - Throws: ``LocationError`` `.invalidCoordinate` for a coordinate out of range, and what
    ///   the sink throws.
    public func write(_ point: TrackPoint) throws {
        if open == .route {
            try writePoint(point, element: "rtept", indent: "    ")
            return
        }
        if !isInSegment { try beginSegment() }
        try writePoint(point, element: "trkpt", indent: "      ")
    }

    /// Writes one recorded movement (see ``write(_:)-(TrackPoint)``).
    public func write(_ location: Location) throws {
        try write(TrackPoint(location))
    }

    /// Closes what is open and the document, and hands over the last bytes.
    public func finish() throws {
        guard !isFinished else { return }
        try close()
        append("</gpx>\n")
        isFinished = true
        try flush()
    }

    private func writePoint(_ point: TrackPoint, element: String, indent: String) throws {
        guard point.coordinate.isValid else {
            throw LocationError(
                .invalidCoordinate, operation: "write GPX", subject: point.coordinate.description,
                reason: "a point needs a latitude in -90…90 and a longitude in -180…180")
        }
        var coordinate = point.coordinate
        if coordinate.longitude == 180 { coordinate.longitude = -180 }  // the schema excludes 180
        append(
            "\(indent)<\(element) lat=\"\(Self.number(coordinate.latitude))\" lon=\"\(Self.number(coordinate.longitude))\">"
        )
        if let altitude = point.altitude {
            append("<ele>\(Self.number(altitude))</ele>")
        }
        if let time = point.time {
            append("<time>\(time)</time>")
        }
        if let name = point.name {
            append("<name>\(MarkupText.escaped(name))</name>")
        }
        var fix = ""
        if let accuracy = point.horizontalAccuracy { fix += " hacc=\"\(Self.number(accuracy))\"" }
        if point.altitude != nil, let accuracy = point.verticalAccuracy { fix += " vacc=\"\(Self.number(accuracy))\"" }
        if let speed = point.speed { fix += " speed=\"\(Self.number(speed))\"" }
        if let course = point.course { fix += " course=\"\(Self.number(course))\"" }
        if !fix.isEmpty {
            append("<extensions><folio:fix\(fix)/></extensions>")
        }
        append("</\(element)>\n")
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func endSegment() {
        if isInSegment { append("    </trkseg>\n") }
        isInSegment = false
    }

    private func close() throws {
        switch open {
        case .route: append("  </rte>\n")
        case .track:
            endSegment()
            append("  </trk>\n")
        case .none: break
        }
        open = .none
        try flush()
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func append(_ text: String) {
        buffer += text.utf8
    }

    /// A number as short as it can be written and read back exactly (`12.5`, `200`,
    /// `38.89770000000001`), as an xsd:decimal: never with an exponent.
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        let shortest = "\(value)"
        return shortest.contains("e") ? Coordinate.decimal(value, places: 17) : shortest
    }
}
