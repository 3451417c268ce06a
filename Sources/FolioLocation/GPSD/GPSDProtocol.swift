import Foundation

/// The client side of gpsd's JSON protocol as a pure value: feed it the bytes read from the
/// socket, get back the reports they complete. It does no I/O.
///
/// gpsd answers `?WATCH={"enable":true,"json":true}` with a `VERSION`, `DEVICES` and `WATCH`
/// object, then one `TPV` (time-position-velocity) object per fix and others (`SKY`, …) that
/// Folio ignores. Each object is one line.
public struct GPSDProtocol: Sendable {
    /// The command that asks gpsd to stream reports as JSON.
    public static let watchCommand = "?WATCH={\"enable\":true,\"json\":true}\n"
    /// The longest line accepted; gpsd's are a few kilobytes.
    public static let lineLimit = 1 << 20

    /// One report gpsd sent.
    public enum Report: Sendable, Hashable {
        /// The daemon's version (`VERSION`): its release and protocol version.
        case version(release: String, protocolMajor: Int, protocolMinor: Int)
        /// A position from a receiver with a fix (a `TPV` with mode 2 or 3).
        case location(Location, device: String?)
        /// A `TPV` saying the receiver has no fix yet (mode 0 or 1).
        case noFix(device: String?)
        /// A `TPV` with a position but no time: gpsd knows no date yet (a receiver's GGA before
        /// any RMC or ZDA).
        case untimed(device: String?)
        /// An `ERROR` object: gpsd did not understand a command.
        case error(String)
        /// Any other object (`DEVICES`, `WATCH`, `SKY`, …), by class.
        case other(String)
        /// A line that is not a gpsd object.
        case malformed(LocationError)
    }

    private var pending: [UInt8] = []

    /// An empty protocol state.
    public init() {}

    /// Adds bytes read from gpsd; returns the reports of every line they complete.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Report] {
        pending.append(contentsOf: bytes)
        var reports: [Report] = []
        var start = 0
        while let newline = pending[start...].firstIndex(of: 0x0A) {
            let line = pending[start..<newline]
            start = newline + 1
            if !line.allSatisfy({ $0 == 0x0D || $0 == 0x20 }) {
                reports.append(Self.report(line))
            }
        }
        pending.removeFirst(start)
        if pending.count > Self.lineLimit {
            pending.removeAll()
            reports.append(
                .malformed(
                    LocationError(
                        .malformed, operation: "read gpsd report", subject: "gpsd",
                        reason: "a line is longer than \(Self.lineLimit) bytes")))
        }
        return reports
    }

    /// Parses one line (its CR LF or LF already cut off, or not).
    static func report(_ line: ArraySlice<UInt8>) -> Report {
        var line = line
        while let last = line.last, last == 0x0D || last == 0x0A || last == 0x20 { line.removeLast() }
        let text = String(decoding: line, as: UTF8.self)
        func malformed(_ reason: String) -> Report {
            .malformed(
                LocationError(
                    .malformed, operation: "read gpsd report", subject: LocationError.quoted(text, limit: 120),
                    reason: reason))
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            return malformed("the line is not a JSON object")
        }
        guard let kind = object["class"] as? String else {
            return malformed("the object has no class")
        }
        switch kind {
        case "VERSION":
            return .version(
                release: object["release"] as? String ?? "", protocolMajor: object["proto_major"] as? Int ?? 0,
                protocolMinor: object["proto_minor"] as? Int ?? 0)
        case "ERROR":
            return .error(object["message"] as? String ?? "unknown error")
        case "TPV":
            return position(object, malformed: malformed)
        default:
            return .other(kind)
        }
    }

    private static func position(_ object: [String: Any], malformed: (String) -> Report) -> Report {
        let device = object["device"] as? String
        let mode = object["mode"] as? Int ?? 0
        guard mode >= 2 else { return .noFix(device: device) }
        guard let latitude = number(object["lat"]), let longitude = number(object["lon"]) else {
            return .noFix(device: device)
        }
        guard let coordinate = try? Coordinate(validatingLatitude: latitude, longitude: longitude) else {
            return malformed("lat \(latitude), lon \(longitude) are out of range")
        }
        guard let timeText = object["time"] as? String else {
            return .untimed(device: device)
        }
        guard let time = LocationTime(parsing: timeText) else {
            return malformed("time '\(LocationError.quoted(timeText, limit: 40))' is not an ISO 8601 UTC time")
        }
        var horizontal = number(object["eph"])
        if horizontal == nil, let x = number(object["epx"]), let y = number(object["epy"]) {
            horizontal = max(x, y)
        }
        let accuracy = horizontal ?? NMEAFixAssembler.accuracyWithoutDilution
        var location = Location(coordinate: coordinate, horizontalAccuracy: accuracy, timestamp: time)
        if mode == 3, let altitude = number(object["altMSL"]) ?? number(object["alt"]) {
            location.altitude = altitude
            location.verticalAccuracy = number(object["epv"]) ?? accuracy * 1.5
        }
        if let speed = number(object["speed"]), speed >= 0 { location.speed = speed }
        if let course = number(object["track"]), course >= 0 { location.course = course }
        return .location(location, device: device)
    }

    private static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }
}
