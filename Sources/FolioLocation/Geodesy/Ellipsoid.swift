import CGeodesic

/// The WGS84 ellipsoid prepared for Karney's geodesic routines (`geod_init`), shared read-only.
///
/// The prepared `geod_geodesic` holds some 400 bytes of series coefficients; it is made once and
/// passed by pointer, so a distance costs one `geod_inverse` call and nothing more.
final class Ellipsoid: @unchecked Sendable {
    // Safety: `geodesic` is written once by `geod_init` in init and only read afterwards; the
    // geodesic routines take it as `const struct geod_geodesic *`.
    private let geodesic: UnsafeMutablePointer<geod_geodesic>

    /// The equatorial radius in metres.
    let equatorialRadius: Double
    /// The flattening.
    let flattening: Double

    /// WGS84: a = 6,378,137 m, f = 1/298.257223563, the datum of GPS, gpsd and GPX.
    static let wgs84 = Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257_223_563)

    init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
        var reason: UnsafePointer<CChar>?
        guard folio_geodesic_load(&reason) == 0 else {
            // PROJ is a dependency of Folio as much as the C library is: without it no distance
            // can be measured, as without it no program linked with it could start.
            fatalError("PROJ's geodesic routines cannot be loaded: \(reason.map { String(cString: $0) } ?? "")")
        }
        geodesic = UnsafeMutablePointer<geod_geodesic>.allocate(capacity: 1)
        folio_geod_init(geodesic, equatorialRadius, flattening)
    }

    deinit {
        geodesic.deallocate()
    }

    /// The inverse problem: the distance between two points and the azimuths at each end.
    /// The corresponding C function is `geod_inverse`.
    @inline(__always)
    func inverse(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
    ) -> (distance: Double, azimuth1: Double, azimuth2: Double) {
        var distance = 0.0
        var azimuth1 = 0.0
        var azimuth2 = 0.0
        folio_geod_inverse(geodesic, latitude1, longitude1, latitude2, longitude2, &distance, &azimuth1, &azimuth2)
        return (distance, azimuth1, azimuth2)
    }

    /// The distance alone; the azimuths are not computed. The corresponding C function is
    /// `geod_inverse` with null azimuth pointers.
    @inline(__always)
    func distance(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        var distance = 0.0
        folio_geod_inverse(geodesic, latitude1, longitude1, latitude2, longitude2, &distance, nil, nil)
        return distance
    }

    /// The direct problem: where a geodesic from a point, leaving at `azimuth`, is after
    /// `distance` metres, and its azimuth there. The corresponding C function is `geod_gendirect`.
    func direct(
        _ latitude: Double, _ longitude: Double, azimuth: Double, distance: Double
    ) -> (latitude: Double, longitude: Double, azimuth: Double) {
        var latitude2 = 0.0
        var longitude2 = 0.0
        var azimuth2 = 0.0
        folio_geod_direct(geodesic, latitude, longitude, azimuth, distance, &latitude2, &longitude2, &azimuth2)
        return (latitude2, longitude2, azimuth2)
    }
}
