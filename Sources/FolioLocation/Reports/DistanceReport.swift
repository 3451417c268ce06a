/// The geodesic between two placemarks as Folio's JSON shows it: both places, the distance in
/// meters, and the bearings at each end.
public struct DistanceReport: Encodable, Sendable {
    public var from: PlacemarkReport
    public var to: PlacemarkReport
    public var meters: Double
    public var initialBearing: Double
    public var finalBearing: Double

    /// Measures from `start` to `end` along the WGS84 ellipsoid.
    public init(from start: Placemark, to end: Placemark) {
        let geodesic = start.coordinate.geodesic(to: end.coordinate)
        from = PlacemarkReport(start)
        to = PlacemarkReport(end)
        meters = geodesic.distance
        initialBearing = geodesic.initialBearing
        finalBearing = geodesic.finalBearing
    }
}
