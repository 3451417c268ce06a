/// Writes GPX 1.1 as a stream: a header, tracks of segments of points, a footer. Memory stays
/// bounded by a small buffer whatever the number of points.
///
/// The output is valid against the GPX 1.1 schema: `version="1.1"`, a `creator`, latitudes and
/// longitudes in range, times in UTC, elements in schema order. Accuracies, speed and course,
/// which GPX 1.1 has no elements for, go in a `folio:fix` extension that ``GPXReader`` reads back.
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
    private var isInTrack = false
    private var isInSegment = false
    private var isFinished = false

    /// Starts a document by `creator`, handing its bytes to `sink` in chunks.
    ///
    /// - Parameter name: the document's name, written in its metadata.
    public init(creator: String, name: String? = nil, sink: @escaping ([UInt8]) throws -> Void) {
        self.sink = sink
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        append("<gpx version=\"1.1\" creator=\"\(Self.escape(creator))\" xmlns=\"\(GPXReader.namespace)\" ")
        append("xmlns:folio=\"\(GPXReader.folioNamespace)\" ")
        append("xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" ")
        append("xsi:schemaLocation=\"\(GPXReader.namespace) http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")
        if let name {
            append("  <metadata><name>\(Self.escape(name))</name></metadata>\n")
        }
    }

    /// Begins a track (closing the previous one).
    public func beginTrack(name: String?) throws {
        try endTrack()
        append("  <trk>\n")
        if let name { append("    <name>\(Self.escape(name))</name>\n") }
        isInTrack = true
    }

    /// Begins a segment of the current track (closing the previous segment); begins a track
    /// when none is open.
    public func beginSegment() throws {
        if !isInTrack { try beginTrack(name: nil) }
        endSegment()
        append("    <trkseg>\n")
        isInSegment = true
    }

    /// Writes one point of the current segment, opening a segment when none is open.
    ///
    /// - Throws: ``LocationError`` `.invalidCoordinate` for a location whose coordinate is out of
    ///   range, and what the sink throws.
    public func write(_ location: Location) throws {
        guard location.coordinate.isValid else {
            throw LocationError(
                .invalidCoordinate, operation: "write GPX", subject: location.coordinate.description,
                reason: "a track point needs a latitude in -90…90 and a longitude in -180…180")
        }
        if !isInSegment { try beginSegment() }
        var coordinate = location.coordinate
        if coordinate.longitude == 180 { coordinate.longitude = -180 }  // the schema excludes 180
        append(
            "      <trkpt lat=\"\(Self.number(coordinate.latitude))\" lon=\"\(Self.number(coordinate.longitude))\">")
        if location.hasValidAltitude {
            append("<ele>\(Self.number(location.altitude))</ele>")
        }
        append("<time>\(location.timestamp)</time>")
        var fix = ""
        if location.horizontalAccuracy >= 0 { fix += " hacc=\"\(Self.number(location.horizontalAccuracy))\"" }
        if location.hasValidAltitude { fix += " vacc=\"\(Self.number(location.verticalAccuracy))\"" }
        if location.speed >= 0 { fix += " speed=\"\(Self.number(location.speed))\"" }
        if location.course >= 0 { fix += " course=\"\(Self.number(location.course))\"" }
        if !fix.isEmpty {
            append("<extensions><folio:fix\(fix)/></extensions>")
        }
        append("</trkpt>\n")
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Closes what is open and the document, and hands over the last bytes.
    public func finish() throws {
        guard !isFinished else { return }
        try endTrack()
        append("</gpx>\n")
        isFinished = true
        try flush()
    }

    private func endSegment() {
        if isInSegment { append("    </trkseg>\n") }
        isInSegment = false
    }

    private func endTrack() throws {
        endSegment()
        if isInTrack { append("  </trk>\n") }
        isInTrack = false
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

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default:
                if let scalar = character.unicodeScalars.first, scalar.value < 0x20, scalar != "\t", scalar != "\n" {
                    continue  // not allowed in XML 1.0
                }
                escaped.append(character)
            }
        }
        return escaped
    }
}
