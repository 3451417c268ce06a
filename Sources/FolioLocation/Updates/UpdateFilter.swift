import Foundation

/// The rules that decide which readings a ``LocationManager`` delivers: a pure value fed one
/// reading at a time.
///
/// - Desired accuracy: a reading less accurate than asked is held back. The most accurate of the
///   held readings is delivered when `accuracyTimeout` seconds (by the readings' own timestamps)
///   have passed without a good one, or when the source ends; a good reading replaces it.
/// - Distance filter: after the first delivery, a reading is delivered only when it lies at least
///   `distanceFilter` metres from the last one delivered — unless it is more accurate than that
///   one, in which case it is delivered anyway (the chapter's rule).
struct UpdateFilter: Sendable {
    var desiredAccuracy: LocationAccuracy
    /// Metres; zero or less delivers every movement.
    var distanceFilter: Double
    /// Seconds a reading worse than asked waits for a better one.
    var accuracyTimeout: TimeInterval

    /// The last location delivered.
    private(set) var lastDelivered: Location?
    /// The most accurate reading held back, and the timestamp of the first reading held.
    private var held: (location: Location, since: LocationTime)?

    init(desiredAccuracy: LocationAccuracy, distanceFilter: Double, accuracyTimeout: TimeInterval) {
        self.desiredAccuracy = desiredAccuracy
        self.distanceFilter = distanceFilter
        self.accuracyTimeout = accuracyTimeout
    }

    /// Considers one reading; returns the location to deliver now, if any.
    mutating func consider(_ reading: Location) -> Location? {
        guard reading.hasValidPosition else { return nil }
        let candidate: Location
        if desiredAccuracy.accepts(reading) {
            held = nil
            candidate = reading
        } else {
            var waiting = held ?? (reading, reading.timestamp)
            if reading.horizontalAccuracy <= waiting.location.horizontalAccuracy {
                waiting.location = reading
            }
            guard reading.timestamp.seconds(since: waiting.since) >= accuracyTimeout else {
                held = waiting
                return nil
            }
            held = nil
            candidate = waiting.location
        }
        return deliverIfMoved(candidate)
    }

    /// The source ended: the held reading, if any, is delivered (no better one can come).
    mutating func finish() -> Location? {
        guard let waiting = held else { return nil }
        held = nil
        return deliverIfMoved(waiting.location)
    }

    private mutating func deliverIfMoved(_ candidate: Location) -> Location? {
        if let last = lastDelivered, distanceFilter > 0,
            candidate.distance(from: last) < distanceFilter,
            candidate.horizontalAccuracy >= last.horizontalAccuracy
        {
            return nil
        }
        lastDelivered = candidate
        return candidate
    }
}
