import FolioXML

/// Reads a GPX file — 1.1, 1.0, or without a version, as other tools write them — as a stream
/// of waypoints, routes, tracks, segments and points, with memory bounded by one point whatever
/// the size of the file.
///
/// libxml2's streaming reader parses the XML (a byte order mark and any declared encoding are
/// fine; entities and document types are refused). Elements are GPX's when they are in the
/// GPX 1.0 or 1.1 namespace or in none; anything else, and everything inside `<extensions>` but
/// Folio's own `folio:fix`, is skipped. Each point must have a latitude in -90…90 and a
/// longitude in -180…180; its elevation, time, name, accuracies, speed and course are read when
/// present and left unknown when not. Accuracies come from Folio's `folio:fix` extension, else
/// from `hdop`/`vdop` (× 5 m). A value that is present but not a number or a time is an error
/// naming its line.
///
/// ```swift
/// let reader = try GPXReader(.file(path, in: files))
/// while let item = try reader.next() {
///     if case .point(let point) = item { print(point.coordinate, point.time as Any) }
/// }
/// ```
public final class GPXReader {
    /// One thing read, in document order.
    public enum Item: Sendable, Hashable {
        /// A waypoint (`<wpt>`).
        case waypoint(TrackPoint)
        /// A route begins (`<rte>`), with its name when it has one; its points follow.
        case route(name: String?)
        /// A track begins (`<trk>`), with its name when it has one; its segments follow.
        case track(name: String?)
        /// A segment of the current track begins (`<trkseg>`).
        case segment
        /// A point of the current segment (`<trkpt>`) or route (`<rtept>`).
        case point(TrackPoint)
    }

    /// The namespace of GPX 1.1.
    public static let namespace = "http://www.topografix.com/GPX/1/1"
    /// The namespace of GPX 1.0.
    public static let namespace10 = "http://www.topografix.com/GPX/1/0"
    /// The namespace of Folio's point extension (accuracies, speed and course).
    public static let folioNamespace = "urn:folio:gpx:1"

    /// The `version` attribute of the root element (`1.1`, `1.0`), or nil when it has none.
    public let version: String?
    /// The `creator` attribute of the root element.
    public let creator: String?
    /// What people call the input.
    public let name: String

    private let reader: XMLStreamReader
    private let readFailure: ReadFailure
    private var path: [Context] = [.gpx]
    private var queue: [Item] = []
    private var container: (name: String?, isAnnounced: Bool)?
    private var point = PointFields()
    private var text = ""
    private var isFinished = false

    /// Where the reader is: the element it is inside of, and what it makes of it.
    private enum Context {
        case gpx, track, route, segment, name
        case point(PointKind)
        case field(String)
        case pointExtensions, skipped
    }

    private enum PointKind {
        case waypoint, route, track
    }

    private struct PointFields {
        var point = TrackPoint(coordinate: Coordinate(latitude: 0, longitude: 0))
        var horizontalDilution: Double?
        var verticalDilution: Double?
        var line = 0
    }

    /// The chunk reader's own error, kept to be thrown as it was.
    private final class ReadFailure {
        var error: LocationError?
    }

    /// Opens `input` and reads up to the root element.
    ///
    /// - Throws: ``LocationError`` `.malformed` when the input is not XML or its root is not a
    ///   `<gpx>` element, or what reading the input throws.
    public init(_ input: DataInput) throws(LocationError) {
        name = input.name
        let chunks = try input.open()
        let readFailure = ReadFailure()
        self.readFailure = readFailure
        reader = XMLStreamReader(name: input.name) { count in
            do throws(LocationError) {
                return try chunks.next(count)
            } catch {
                readFailure.error = error
                throw error
            }
        }
        let first: XMLStreamEvent?
        do {
            first = try reader.next()
        } catch {
            throw Self.failure(error, name: input.name, readFailure: readFailure)
        }
        guard case .start(let root) = first else {
            throw LocationError(.malformed, operation: "read GPX", subject: input.name, reason: "the file is empty")
        }
        guard root.localName == "gpx" else {
            throw LocationError(
                .malformed, operation: "read GPX", subject: input.name,
                reason: "the root element is <\(root.localName)>, not <gpx>")
        }
        version = root.attribute("version")
        creator = root.attribute("creator")
    }

    /// The line the reader has reached in the input, from 1.
    public var line: Int { reader.line }

    /// The next waypoint, route, track, segment or point; nil at the end of the document.
    ///
    /// - Throws: ``LocationError``: `.malformed` for XML that is not well-formed, a point
    ///   without coordinates or a value that is not a number or a time; `.invalidCoordinate` for
    ///   a coordinate out of range; what reading the input throws.
    public func next() throws(LocationError) -> Item? {
        while queue.isEmpty && !isFinished {
            let event: XMLStreamEvent?
            do {
                event = try reader.next()
            } catch {
                throw Self.failure(error, name: name, readFailure: readFailure)
            }
            switch event {
            case .start(let element): try start(element)
            case .text(let value):
                switch path.last {
                case .name, .field: text += value
                default: break
                }
            case .end: try end()
            case nil: isFinished = true
            }
        }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    private func start(_ element: XMLStreamElement) throws(LocationError) {
        let parent = path.last ?? .skipped
        guard Self.isGPX(element.namespaceURI) else {
            if case .pointExtensions = parent, element.localName == "fix",
                element.namespaceURI == Self.folioNamespace
            {
                try readFix(element)
            }
            path.append(.skipped)
            return
        }
        let context: Context
        switch (parent, element.localName) {
        case (.gpx, "wpt"):
            try startPoint(element)
            context = .point(.waypoint)
        case (.gpx, "rte"):
            container = (nil, false)
            context = .route
        case (.gpx, "trk"):
            container = (nil, false)
            context = .track
        case (.track, "name"), (.route, "name"):
            text = ""
            context = .name
        case (.track, "trkseg"):
            announce(track: true)
            queue.append(.segment)
            context = .segment
        case (.segment, "trkpt"):
            try startPoint(element)
            context = .point(.track)
        case (.route, "rtept"):
            announce(track: false)
            try startPoint(element)
            context = .point(.route)
        case (.point, "extensions"):
            context = .pointExtensions
        case (.point, let field):
            text = ""
            context = .field(field)
        default:
            context = .skipped
        }
        path.append(context)
    }

    private func end() throws(LocationError) {
        guard let context = path.popLast() else { return }
        switch context {
        case .name:
            let name = Self.trimmed(text)
            container?.name = name.isEmpty ? nil : name
        case .field(let field):
            try readPointField(field, Self.trimmed(text))
        case .point(let kind):
            let finished = try finishPoint()
            queue.append(kind == .waypoint ? .waypoint(finished) : .point(finished))
        case .track:
            announce(track: true)
            container = nil
        case .route:
            announce(track: false)
            container = nil
        default:
            break
        }
    }

    /// Reports the open track or route, once: at its first segment or point, when its name has
    /// been read, or at its end when it has none.
    private func announce(track: Bool) {
        guard let open = container, !open.isAnnounced else { return }
        container?.isAnnounced = true
        queue.append(track ? .track(name: open.name) : .route(name: open.name))
    }

    // MARK: - Points

    private func startPoint(_ element: XMLStreamElement) throws(LocationError) {
        let line = reader.line
        let latitudeText = element.attribute("lat").map(Self.trimmed)
        let longitudeText = element.attribute("lon").map(Self.trimmed)
        let kind = "<\(element.localName)>"
        guard let latitudeText, let longitudeText else {
            throw failure(.malformed, line: line, "the point \(kind) has no \(latitudeText == nil ? "lat" : "lon")")
        }
        guard let latitude = Double(latitudeText), latitude.isFinite, let longitude = Double(longitudeText),
            longitude.isFinite
        else {
            throw failure(
                .malformed, line: line,
                "lat=\"\(Self.quoted(latitudeText))\" lon=\"\(Self.quoted(longitudeText))\" are not numbers")
        }
        guard (-90...90).contains(latitude) else {
            throw failure(.invalidCoordinate, line: line, "latitude \(latitudeText) is outside -90…90")
        }
        guard (-180...180).contains(longitude) else {
            throw failure(.invalidCoordinate, line: line, "longitude \(longitudeText) is outside -180…180")
        }
        point = PointFields()
        point.point.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        point.line = line
    }

    private func readPointField(_ element: String, _ value: String) throws(LocationError) {
        func number() throws(LocationError) -> Double {
            guard let number = Double(value), number.isFinite else {
                throw failure(.malformed, line: reader.line, "<\(element)> '\(Self.quoted(value))' is not a number")
            }
            return number
        }
        switch element {
        case "ele": point.point.altitude = try number()
        case "time":
            guard let time = LocationTime(parsing: value) else {
                throw failure(
                    .malformed, line: reader.line, "<time> '\(Self.quoted(value))' is not an ISO 8601 UTC time")
            }
            point.point.time = time
        case "name": point.point.name = value.isEmpty ? nil : value
        case "hdop": point.horizontalDilution = try number()
        case "vdop": point.verticalDilution = try number()
        case "speed": point.point.speed = try number()
        case "course": point.point.course = try number()
        default: break
        }
    }

    private func readFix(_ element: XMLStreamElement) throws(LocationError) {
        for attribute in element.attributes where attribute.namespaceURI == nil {
            guard ["hacc", "vacc", "speed", "course"].contains(attribute.localName) else { continue }
            guard let number = Double(attribute.value), number.isFinite else {
                throw failure(
                    .malformed, line: reader.line,
                    "fix \(attribute.localName)=\"\(Self.quoted(attribute.value))\" is not a number")
            }
            switch attribute.localName {
            case "hacc": point.point.horizontalAccuracy = number
            case "vacc": point.point.verticalAccuracy = number
            case "speed": point.point.speed = number
            default: point.point.course = number
            }
        }
    }

    private func finishPoint() throws(LocationError) -> TrackPoint {
        var finished = point.point
        if finished.horizontalAccuracy == nil, let dilution = point.horizontalDilution {
            finished.horizontalAccuracy = dilution * NMEAFixAssembler.userRangeError
        }
        if finished.altitude != nil, finished.verticalAccuracy == nil, let dilution = point.verticalDilution {
            finished.verticalAccuracy = dilution * NMEAFixAssembler.userRangeError
        }
        if finished.altitude == nil {
            finished.verticalAccuracy = nil
        }
        return finished
    }

    // MARK: - Helpers

    private func failure(_ code: LocationError.Code, line: Int, _ reason: String) -> LocationError {
        LocationError(code, operation: "read GPX", subject: "\(name), line \(line)", reason: reason)
    }

    private static func failure(_ error: XMLError, name: String, readFailure: ReadFailure) -> LocationError {
        if error.code == .readFailed, let original = readFailure.error { return original }
        let subject = error.line.map { "\(name), line \($0)" } ?? name
        return LocationError(.malformed, operation: "read GPX", subject: subject, reason: error.reason)
    }

    private static func isGPX(_ namespace: String?) -> Bool {
        namespace == nil || namespace == Self.namespace || namespace == Self.namespace10
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return text }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { bytes.index(after: $0) } ?? start
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
    }

    /// A value from the file as a message quotes it: at most 40 characters, no control characters.
    private static func quoted(_ value: String) -> String {
        var text = ""
        for scalar in value.unicodeScalars.prefix(40) {
            if scalar.properties.generalCategory == .control {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return value.unicodeScalars.count > 40 ? text + "…" : text
    }
}
