/// The geodesic between two placemarks as Folio's JSON shows it: both places, the distance in
/// meters, and the bearings at each end.
public struct DistanceReport: Encodable, Sendable {
    public var from: PlacemarkReport
    public var to: PlacemarkReport
    public var meters: Double
    public var initialBearing: Double
    public var finalBearing: Double
    /// Points along the geodesic for a map to draw (``Geodesic/waypoints(spacing:maximumCount:)``),
    /// when asked for; nil (and left out of the JSON) otherwise.
    public var path: [Coordinate]?

    /// Measures from `start` to `end` along the WGS84 ellipsoid; `includingPath` adds points
    /// along the geodesic, at most 10 km apart and 256 in all.
    public init(from start: Placemark, to end: Placemark, includingPath: Bool = false) {
        let geodesic = start.coordinate.geodesic(to: end.coordinate)
        path = includingPath ? geodesic.waypoints() : nil
        from = PlacemarkReport(start)
        to = PlacemarkReport(end)
        meters = geodesic.distance
        initialBearing = geodesic.initialBearing
        finalBearing = geodesic.finalBearing
    }
}
