import Foundation

/// A recorded track as the store lists it: its name, where it came from, and a summary of its
/// movements.
public struct Track: Sendable, Hashable, Codable, Identifiable {
    /// The store's number for it.
    public var id: Int64
    /// Its unique name.
    public var name: String
    /// When it was created in the store.
    public var created: LocationTime
    /// Where its movements came from: `gpsd at 127.0.0.1:2947`, `Documents/walk.gpx`.
    public var source: String?
    /// The number of recorded movements (points).
    public var pointCount: Int
    /// The number of segments (continuous stretches).
    public var segmentCount: Int
    /// The time of the first movement.
    public var start: LocationTime?
    /// The time of the last movement.
    public var end: LocationTime?
    /// The length in metres along the ellipsoid, segment by segment.
    public var distance: Double
}
