import Foundation

/// The latitude and longitude ranges that contain every point within a distance of a centre: the
/// prefilter an index can answer before the exact geodesic distance is computed.
///
/// The ranges are computed on a sphere whose radius, 6,335 km, is below every radius of curvature
/// of the WGS84 ellipsoid, so they always contain the ellipsoidal circle (they are a little
/// larger, never smaller). Near a pole the longitudes are unrestricted; across the antimeridian
/// they are two ranges.
struct BoundingBox: Sendable, Hashable {
    /// The least radius of curvature of WGS84 (meridional, at the equator), rounded down.
    static let conservativeRadius = 6_335_000.0

    var latitudes: ClosedRange<Double>
    /// One range, or two when the box crosses the antimeridian.
    var longitudes: [ClosedRange<Double>]

    init(center: Coordinate, radius: Double) {
        let angle = radius / Self.conservativeRadius * 180 / .pi
        let south = center.latitude - angle
        let north = center.latitude + angle
        latitudes = max(-90, south)...min(90, north)
        guard north < 90, south > -90, angle < 90 else {
            longitudes = [-180...180]
            return
        }
        let spread =
            asin(min(1, sin(angle * .pi / 180) / cos(center.latitude * .pi / 180))) * 180 / .pi
        let west = center.longitude - spread
        let east = center.longitude + spread
        if west < -180 {
            longitudes = [(west + 360)...180, -180...east]
        } else if east > 180 {
            longitudes = [west...180, -180...(east - 360)]
        } else {
            longitudes = [west...east]
        }
    }

    /// Whether `coordinate` is inside the box.
    func contains(_ coordinate: Coordinate) -> Bool {
        latitudes.contains(coordinate.latitude) && longitudes.contains { $0.contains(coordinate.longitude) }
    }
}
