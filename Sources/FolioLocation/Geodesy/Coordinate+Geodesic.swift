/// Distances, bearings and destinations along geodesics on the WGS84 ellipsoid.
///
/// Every figure comes from Karney's algorithms (PROJ's `geodesic.h`): accurate to 15 nanometres,
/// and defined for every pair of points, including nearly antipodal ones where Vincenty's
/// iteration fails to converge. Nothing here uses a sphere.
extension Coordinate {
    /// The length in metres of the shortest path on the WGS84 ellipsoid from this point to `other`.
    ///
    /// The corresponding C function is `geod_inverse`.
    /// ```swift
    /// Coordinate(latitude: 40.64, longitude: -73.78).distance(to: Coordinate(latitude: 1.36, longitude: 103.99))
    /// // 15,347,000 m (JFK to Singapore Changi)
    /// ```
    @inlinable
    public func distance(to other: Coordinate) -> Double {
        Geodesics.distance(latitude, longitude, other.latitude, other.longitude)
    }

    /// The geodesic from this point to `other`: its length and the bearings at both ends.
    ///
    /// The corresponding C function is `geod_inverse`.
    public func geodesic(to other: Coordinate) -> Geodesic {
        let solution = Ellipsoid.wgs84.inverse(latitude, longitude, other.latitude, other.longitude)
        return Geodesic(
            start: self, end: other, distance: solution.distance,
            initialBearing: Geodesic.normalizedBearing(solution.azimuth1),
            finalBearing: Geodesic.normalizedBearing(solution.azimuth2))
    }

    /// The bearing, in degrees clockwise from true north (0…360), of the geodesic leaving this
    /// point towards `other`.
    public func bearing(to other: Coordinate) -> Double {
        geodesic(to: other).initialBearing
    }

    /// The point reached by following the geodesic that leaves this point at `bearing` degrees
    /// (clockwise from north) for `distance` metres.
    ///
    /// The corresponding C function is `geod_direct`.
    /// - Parameters:
    ///   - distance: metres; a negative distance goes the other way.
    public func destination(bearing: Double, distance: Double) -> Coordinate {
        geodesic(bearing: bearing, distance: distance).end
    }

    /// The geodesic that leaves this point at `bearing` degrees (clockwise from north) for
    /// `distance` metres (the direct problem): where it ends, and its bearing there.
    ///
    /// The corresponding C function is `geod_direct`.
    /// - Parameters:
    ///   - distance: metres; a negative distance goes the other way, so the geodesic leaves at
    ///     the opposite bearing and is as long as the distance's magnitude.
    public func geodesic(bearing: Double, distance: Double) -> Geodesic {
        let reached = Ellipsoid.wgs84.direct(latitude, longitude, azimuth: bearing, distance: distance)
        let end = Coordinate(latitude: reached.latitude, longitude: Coordinate.reducedLongitude(reached.longitude))
        let turn = distance < 0 ? 180.0 : 0
        return Geodesic(
            start: self, end: end, distance: abs(distance), initialBearing: Geodesic.normalizedBearing(bearing + turn),
            finalBearing: Geodesic.normalizedBearing(reached.azimuth + turn))
    }
}

/// The entry point `distance(to:)` inlines into callers: one call into C, no allocation.
public enum Geodesics {
    /// The geodesic distance in metres between two points given in degrees on WGS84.
    ///
    /// This is what ``Coordinate/distance(to:)`` and the SQL `distance()` function call. The
    /// corresponding C function is `geod_inverse`.
    public static func distance(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
    ) -> Double {
        Ellipsoid.wgs84.distance(latitude1, longitude1, latitude2, longitude2)
    }
}
