import FolioLocation
import Testing

@Suite struct GeodesicWaypointsTests {
    static let jfk = Coordinate(latitude: 40.64, longitude: -73.78)
    static let changi = Coordinate(latitude: 1.36, longitude: 103.99)

    @Test func pointsLieOnTheGeodesicAsGeodSolveFindsThem() throws {
        let geodesic = Self.jfk.geodesic(to: Self.changi)
        // 15,347,512.94 m: 10 steps of 1,534,751.29 m.
        let points = geodesic.waypoints(spacing: 1_600_000)
        #expect(points.count == 11)
        #expect(points.first == Self.jfk)
        #expect(points.last == Self.changi)
        // echo "40.64 -73.78 3.30577347801761 1534751.294051294" | GeodSolve -p 9
        //   → 54.41446580113520 -72.42981053739693
        #expect(abs(points[1].latitude - 54.41446580113520) < 1e-9)
        #expect(abs(points[1].longitude - -72.42981053739693) < 1e-9)
        // The midpoint, over the pole's side: GeodSolve at 7673756.470256470 m
        //   → 70.34198863284013 97.03061194686970
        #expect(abs(points[5].latitude - 70.34198863284013) < 1e-9)
        #expect(abs(points[5].longitude - 97.03061194686970) < 1e-9)
        for pair in zip(points, points.dropFirst()) {
            #expect(abs(pair.0.distance(to: pair.1) - geodesic.distance / 10) < 0.001)
        }
    }

    @Test func theSpacingAndTheCountBoundThePoints() {
        let geodesic = Self.jfk.geodesic(to: Self.changi)
        #expect(geodesic.waypoints().count == 256, "10 km spacing would need 1,535 points; 256 is the cap")
        #expect(geodesic.waypoints(spacing: 10_000, maximumCount: 2) == [Self.jfk, Self.changi])
        let short = Coordinate(latitude: 38.8977, longitude: -77.0365).geodesic(
            to: Coordinate(latitude: 38.8719, longitude: -77.0563))
        #expect(short.waypoints().count == 2, "3.3 km is one step of 10 km")
        let here = Self.jfk.geodesic(to: Self.jfk)
        #expect(here.waypoints() == [Self.jfk, Self.jfk])
    }
}
