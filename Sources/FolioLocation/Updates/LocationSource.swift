/// Where readings come from: gpsd, a recorded NMEA log, a GPX file, or anything else that
/// produces ``Location`` values.
///
/// A source produces a fresh stream of events each time it is asked; the stream ends when the
/// source has nothing more (the end of a log, a closed connection) and stops the source when the
/// consumer stops iterating. A failure that ends the source is its last event; one that does not
/// (a corrupt sentence in a log) is followed by more readings.
public protocol LocationSource: Sendable {
    /// What people call this source: `gpsd at 127.0.0.1:2947`, `Documents/drive.nmea`.
    var name: String { get }

    /// Starts the source and returns its events.
    func events() -> AsyncStream<LocationSourceEvent>
}

/// One thing a ``LocationSource`` reports.
public enum LocationSourceEvent: Sendable, Hashable {
    /// A position reading, perhaps inaccurate.
    case reading(Location)
    /// Something went wrong: a corrupt sentence, no fix, a lost connection.
    case failure(LocationError)
    /// Input the source read and does not use: a comment line, or a sentence of a kind that
    /// gives no position (satellites in view, AIS, a manufacturer's own).
    case skipped(SkippedInput)
}
