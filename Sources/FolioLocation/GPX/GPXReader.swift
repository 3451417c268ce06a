import Foundation

/// Reads a GPX 1.1 (or 1.0) file as a stream of tracks, segments and points, with memory bounded
/// by one point whatever the size of the file.
///
/// Each track point must have a latitude in -90…90, a longitude in -180…180 and a time; a point
/// that breaks this is an error naming its line. Accuracies come from Folio's `folio:fix`
/// extension when present, else from `hdop`/`vdop` (× 5 m), else the accuracy of a fix that
/// reports none (40 m). Waypoints, routes and foreign extensions are skipped.
///
/// ```swift
/// let reader = try GPXReader(.file(path, in: files))
/// while let item = try reader.next() {
///     if case .point(let location) = item { print(location) }
/// }
/// ```
public final class GPXReader {
    /// One thing read, in document order.
    public enum Item: Sendable, Hashable {
        /// A track begins (`<trk>`), with its name when it has one.
        case track(name: String?)
        /// A segment of the current track begins (`<trkseg>`).
        case segment
        /// A point of the current segment.
        case point(Location)
    }

    /// The namespace of GPX 1.1.
    public static let namespace = "http://www.topografix.com/GPX/1/1"
    /// The namespace of Folio's point extension (accuracies, speed and course).
    public static let folioNamespace = "urn:folio:gpx:1"

    /// The `version` attribute of the root element: `1.1` or `1.0`.
    public let version: String
    /// The `creator` attribute of the root element.
    public let creator: String?
    /// What people call the input.
    public let name: String

    private let parser: XMLPullParser
    /// Depth of the element being read: 1 is `<gpx>`.
    private var depth = 1
    private var isInTrack = false
    private var isInSegment = false
    private var isInPoint = false
    private var isInExtensions = false
    private var pendingTrack: (name: String?, announced: Bool)?
    private var text = ""
    private var isCollectingText = false
    private var isFinished = false

    /// Opens `input` and reads up to the root element.
    ///
    /// - Throws: ``LocationError`` `.malformed` when the input is not XML or its root is not a
    ///   GPX 1.0 or 1.1 `<gpx>` element.
    public init(_ input: DataInput) throws(LocationError) {
        name = input.name
        parser = XMLPullParser(try input.open())
        guard case .start(let root, let attributes) = try parser.next() else {
            throw LocationError(.malformed, operation: "read GPX", subject: input.name, reason: "the file is empty")
        }
        guard Self.localName(root) == "gpx" else {
            throw LocationError(
                .malformed, operation: "read GPX", subject: input.name,
                reason: "the root element is <\(root)>, not <gpx>")
        }
        let version = attributes.first { $0.0 == "version" }?.1
        guard let version, version == "1.1" || version == "1.0" else {
            throw LocationError(
                .malformed, operation: "read GPX", subject: input.name,
                reason: "the gpx element's version is \(version.map { "'\($0)'" } ?? "missing"), not 1.1 or 1.0")
        }
        self.version = version
        creator = attributes.first { $0.0 == "creator" }?.1
    }

    /// The next track, segment or point; nil at the end of the document.
    ///
    /// - Throws: ``LocationError``: `.malformed` for XML that is not well-formed or a point
    ///   without coordinates, `.invalidCoordinate` for one out of range, `.missingTime` for a
    ///   point without a time.
    public func next() throws(LocationError) -> Item? {
        while !isFinished {
            guard let event = try parser.next() else {
                isFinished = true
                break
            }
            switch event {
            case .start(let qualified, let attributes):
                depth += 1
                if let item = try start(Self.localName(qualified), attributes) { return item }
            case .text(let value):
                if isCollectingText { text += value }
            case .end(let qualified):
                defer { depth -= 1 }
                if let item = try end(Self.localName(qualified)) { return item }
            }
            if let segment = takePendingSegment() { return segment }
        }
        return takePendingSegment()
    }

    private func start(_ element: String, _ attributes: [(String, String)]) throws(LocationError) -> Item? {
        switch depth {
        case 2 where element == "trk":
            isInTrack = true
            pendingTrack = (nil, false)
        case 3 where isInTrack && element == "name":
            startText()
        case 3 where isInTrack && element == "trkseg":
            isInSegment = true
            if let track = pendingTrack, !track.announced {
                pendingTrack?.announced = true
                pendingSegment = true
                return .track(name: track.name)
            }
            return .segment
        case 4 where isInSegment && element == "trkpt":
            isInPoint = true
            try startPoint(attributes)
        case 5 where isInPoint:
            if element == "extensions" {
                isInExtensions = true
            } else {
                startText()
            }
        case 6 where isInExtensions && element == "fix":
            try readFix(attributes)
        default:
            break
        }
        return nil
    }

    private func end(_ element: String) throws(LocationError) -> Item? {
        switch depth {
        case 5 where isInPoint:
            if isInExtensions {
                isInExtensions = false
            } else {
                try readPointField(element, endText())
            }
        case 4 where isInPoint:
            isInPoint = false
            return .point(try finishPoint())
        case 3 where isInTrack && element == "name":
            pendingTrack?.name = endText()
        case 3 where isInSegment:
            isInSegment = false
        case 2 where isInTrack:
            isInTrack = false
            defer { pendingTrack = nil }
            if let track = pendingTrack, !track.announced {
                return .track(name: track.name)
            }
        default:
            break
        }
        return nil
    }

    /// Every track in the input, read whole (for small files and tests).
    ///
    /// - Complexity: O(n) time and memory in the number of points.
    public func readTracks() throws(LocationError) -> [(name: String?, segments: [[Location]])] {
        var tracks: [(name: String?, segments: [[Location]])] = []
        while let item = try next() {
            switch item {
            case .track(let name): tracks.append((name, []))
            case .segment: tracks[tracks.count - 1].segments.append([])
            case .point(let location):
                let last = tracks.count - 1
                tracks[last].segments[tracks[last].segments.count - 1].append(location)
            }
        }
        return tracks
    }

    // MARK: - Points

    private var pendingSegment = false
    private var point = PointFields()

    private struct PointFields {
        var coordinate = Coordinate(latitude: 0, longitude: 0)
        var elevation: Double?
        var time: LocationTime?
        var horizontalDilution: Double?
        var verticalDilution: Double?
        var horizontalAccuracy: Double?
        var verticalAccuracy: Double?
        var speed: Double?
        var course: Double?
        var line = 0
    }

    private func takePendingSegment() -> Item? {
        guard pendingSegment else { return nil }
        pendingSegment = false
        return .segment
    }

    private func startText() {
        text = ""
        isCollectingText = true
    }

    private func endText() -> String {
        isCollectingText = false
        let bytes = text.utf8
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return text }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { bytes.index(after: $0) } ?? start
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
    }

    private func startPoint(_ attributes: [(String, String)]) throws(LocationError) {
        let line = parser.line
        let latitudeText = attributes.first { $0.0 == "lat" }?.1
        let longitudeText = attributes.first { $0.0 == "lon" }?.1
        guard let latitudeText, let longitudeText else {
            throw failure(.malformed, line: line, "the track point has no \(latitudeText == nil ? "lat" : "lon")")
        }
        guard let latitude = Double(latitudeText), latitude.isFinite, let longitude = Double(longitudeText),
            longitude.isFinite
        else {
            throw failure(.malformed, line: line, "lat=\"\(latitudeText)\" lon=\"\(longitudeText)\" are not numbers")
        }
        guard (-90...90).contains(latitude) else {
            throw failure(.invalidCoordinate, line: line, "latitude \(latitudeText) is outside -90…90")
        }
        guard (-180...180).contains(longitude) else {
            throw failure(.invalidCoordinate, line: line, "longitude \(longitudeText) is outside -180…180")
        }
        point = PointFields()
        point.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        point.line = line
    }

    private func readPointField(_ element: String, _ value: String) throws(LocationError) {
        func number() throws(LocationError) -> Double {
            guard let number = Double(value), number.isFinite else {
                throw failure(.malformed, line: parser.line, "<\(element)> '\(value)' is not a number")
            }
            return number
        }
        switch element {
        case "ele": point.elevation = try number()
        case "time":
            guard let time = LocationTime(parsing: value) else {
                throw failure(.malformed, line: parser.line, "<time> '\(value)' is not an ISO 8601 UTC time")
            }
            point.time = time
        case "hdop": point.horizontalDilution = try number()
        case "vdop": point.verticalDilution = try number()
        case "speed": point.speed = try number()
        case "course": point.course = try number()
        default: break
        }
    }

    private func readFix(_ attributes: [(String, String)]) throws(LocationError) {
        for (name, value) in attributes {
            guard ["hacc", "vacc", "speed", "course"].contains(name) else { continue }
            guard let number = Double(value), number.isFinite else {
                throw failure(.malformed, line: parser.line, "fix \(name)=\"\(value)\" is not a number")
            }
            switch name {
            case "hacc": point.horizontalAccuracy = number
            case "vacc": point.verticalAccuracy = number
            case "speed": point.speed = number
            default: point.course = number
            }
        }
    }

    private func finishPoint() throws(LocationError) -> Location {
        guard let time = point.time else {
            throw failure(.missingTime, line: point.line, "the track point at \(point.coordinate) has no <time>")
        }
        let horizontal =
            point.horizontalAccuracy ?? point.horizontalDilution.map { $0 * NMEAFixAssembler.userRangeError }
            ?? NMEAFixAssembler.accuracyWithoutDilution
        var location = Location(coordinate: point.coordinate, horizontalAccuracy: horizontal, timestamp: time)
        if let elevation = point.elevation {
            location.altitude = elevation
            location.verticalAccuracy =
                point.verticalAccuracy ?? point.verticalDilution.map { $0 * NMEAFixAssembler.userRangeError }
                ?? horizontal * 1.5
        }
        location.speed = point.speed ?? -1
        location.course = point.course ?? -1
        return location
    }

    private func failure(_ code: LocationError.Code, line: Int, _ reason: String) -> LocationError {
        LocationError(code, operation: "read GPX", subject: "\(name), line \(line)", reason: reason)
    }

    private static func localName(_ qualified: String) -> String {
        var name = qualified
        let colon = name.withUTF8 { bytes in bytes.lastIndex(of: 0x3A) }
        guard let colon else { return qualified }
        return name.withUTF8 { bytes in String(decoding: bytes[(colon + 1)...], as: UTF8.self) }
    }

}
