/// The shortest path between two points on the WGS84 ellipsoid, as ``Coordinate/geodesic(to:)``
/// computes it.
public struct Geodesic: Sendable, Hashable, Codable {
    /// Where it starts.
    public var start: Coordinate
    /// Where it ends.
    public var end: Coordinate
    /// Its length in metres.
    public var distance: Double
    /// The bearing leaving ``start``, degrees clockwise from true north, 0…360.
    public var initialBearing: Double
    /// The bearing arriving at ``end`` (continuing forward), degrees clockwise from north, 0…360.
    public var finalBearing: Double

    /// `bearing` brought into 0…360.
    static func normalizedBearing(_ bearing: Double) -> Double {
        let value = bearing.truncatingRemainder(dividingBy: 360)
        return value < 0 ? value + 360 : value
    }
}
