import Foundation

/// A stored track as the store lists it: its name, what it holds, where it came from, and a
/// summary of its points.
public struct Track: Sendable, Hashable, Codable, Identifiable {
    /// The store's number for it.
    public var id: Int64
    /// Its unique name.
    public var name: String
    /// When it was created in the store.
    public var created: LocationTime
    /// Where its movements came from: `gpsd at 127.0.0.1:2947`, `Documents/walk.gpx`.
    public var source: String?
    /// Whether it holds recorded movements, a route or waypoints.
    public var kind: TrackKind
    /// The number of recorded movements (points).
    public var pointCount: Int
    /// How many of its points have a time: all of a recording's, often none of a route's. When
    /// none has, the track's times are unknown (``start`` and ``end`` are nil), though its path,
    /// distance and map are not.
    public var timedPointCount: Int
    /// The number of segments (continuous stretches).
    public var segmentCount: Int
    /// The first time of its points, when any has one.
    public var start: LocationTime?
    /// The last time of its points, when any has one.
    public var end: LocationTime?
    /// The length in metres along the ellipsoid, segment by segment (zero for waypoints, each a
    /// segment of its own).
    public var distance: Double

    /// Whether no point has a time.
    public var hasUnknownTimes: Bool { timedPointCount == 0 && pointCount > 0 }
}
