import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

@Suite struct CoordinateGeodesicTests {
    /// A line of GeographicLib's geodesic test set: two points, the azimuths and the distance.
    struct Line: Sendable, CustomTestStringConvertible {
        var latitude1, longitude1, azimuth1, latitude2, longitude2, azimuth2, distance: Double
        var testDescription: String { "(\(latitude1), \(longitude1)) → (\(latitude2), \(longitude2))" }
    }

    /// The first lines of GeographicLib's published test data (GeodTest), as PROJ's own tests use them.
    static let published: [Line] = [
        Line(
            latitude1: 35.60777, longitude1: -139.44815, azimuth1: 111.098748429560326, latitude2: -11.17491,
            longitude2: -69.95921, azimuth2: 129.289270889708762, distance: 8_935_244.5604818305),
        Line(
            latitude1: 55.52454, longitude1: 106.05087, azimuth1: 22.020059880982801, latitude2: 77.03196,
            longitude2: 197.18234, azimuth2: 109.112041110671519, distance: 4_105_086.1713924406),
        Line(
            latitude1: -21.97856, longitude1: 142.59065, azimuth1: -32.44456876433189, latitude2: 41.84138,
            longitude2: 98.56635, azimuth2: -41.84359951440466, distance: 8_394_328.894657671),
    ]

    @Test(arguments: published)
    func distanceMatchesGeographicLibWithinFifteenNanometres(_ line: Line) {
        let start = Coordinate(latitude: line.latitude1, longitude: line.longitude1)
        let end = Coordinate(latitude: line.latitude2, longitude: line.longitude2)
        let geodesic = start.geodesic(to: end)
        #expect(abs(geodesic.distance - line.distance) < 15e-9)
        #expect(abs(start.distance(to: end) - line.distance) < 15e-9)
        #expect(abs(geodesic.initialBearing - Geodesic.normalizedBearing(line.azimuth1)) < 1e-9)
        #expect(abs(geodesic.finalBearing - Geodesic.normalizedBearing(line.azimuth2)) < 1e-9)
    }

    @Test(arguments: published)
    func destinationInvertsDistance(_ line: Line) {
        let start = Coordinate(latitude: line.latitude1, longitude: line.longitude1)
        let reached = start.destination(bearing: line.azimuth1, distance: line.distance)
        let expected = Coordinate(latitude: line.latitude2, longitude: Coordinate.reducedLongitude(line.longitude2))
        #expect(reached.distance(to: expected) < 15e-9)
    }

    /// Nearly antipodal pairs, where Vincenty's iteration does not converge.
    static let antipodal: [Coordinate] = [
        Coordinate(latitude: 0.5, longitude: 179.5),
        Coordinate(latitude: 0.5, longitude: 179.7),
        Coordinate(latitude: -0.3, longitude: -179.8),
        Coordinate(latitude: 0, longitude: 180),
        Coordinate(latitude: 0.000_01, longitude: 179.99),
    ]

    @Test func antipodalDistancesAgreeWithGeodSolve() throws {
        let origin = Coordinate(latitude: 0, longitude: 0)
        let input =
            Self.antipodal.map { String(format: "0 0 %.12f %.12f", $0.latitude, $0.longitude) }.joined(separator: "\n")
            + "\n"
        let reference = try GeodSolveRun.inverse(input)
        for (point, expected) in zip(Self.antipodal, reference) {
            let distance = origin.distance(to: point)
            #expect(distance.isFinite)
            #expect(abs(distance - expected) < 15e-9, "\(point): \(distance) vs \(expected)")
            #expect(distance > 19_900_000 && distance <= 20_003_931.5)
        }
    }

    @Test func randomPairsAgreeWithGeodSolve() throws {
        var generator = SplitMix(seed: 20_240_101)
        // Both sides parse the same decimal text, so they start from the same doubles.
        func decimal(_ low: Double, _ high: Double) -> (Double, String) {
            let text = String(format: "%.9f", generator.uniform(low, high))
            return (Double(text) ?? 0, text)
        }
        var pairs: [(Coordinate, Coordinate)] = []
        var lines: [String] = []
        for _ in 0..<500 {
            let (latitude1, latitude1Text) = decimal(-90, 90)
            let (longitude1, longitude1Text) = decimal(-180, 180)
            let (latitude2, latitude2Text) = decimal(-90, 90)
            let (longitude2, longitude2Text) = decimal(-180, 180)
            pairs.append(
                (
                    Coordinate(latitude: latitude1, longitude: longitude1),
                    Coordinate(latitude: latitude2, longitude: longitude2)
                ))
            lines.append("\(latitude1Text) \(longitude1Text) \(latitude2Text) \(longitude2Text)")
        }
        let input = lines.joined(separator: "\n") + "\n"
        let reference = try GeodSolveRun.inverse(input)
        #expect(reference.count == pairs.count)
        for ((start, end), expected) in zip(pairs, reference) {
            #expect(abs(start.distance(to: end) - expected) < 15e-9)
        }
    }

    @Test func whiteHouseToPentagonIsAboutThreeKilometres() {
        let distance = Walks.whiteHouse.distance(to: Walks.pentagon)
        #expect(distance > 3200 && distance < 3400)
        let bearing = Walks.whiteHouse.bearing(to: Walks.pentagon)
        #expect(bearing > 180 && bearing < 270)
    }

    @Test func distanceIsSymmetricAndZeroForTheSamePoint() {
        #expect(Walks.whiteHouse.distance(to: Walks.whiteHouse) == 0)
        #expect(Walks.whiteHouse.distance(to: Walks.pentagon) == Walks.pentagon.distance(to: Walks.whiteHouse))
    }

    @Test func destinationCrossesTheAntimeridian() {
        let reached = Coordinate(latitude: 0, longitude: 179.9).destination(bearing: 90, distance: 50_000)
        #expect(reached.longitude < -179)
        #expect(reached.longitude >= -180)
    }
}

/// Runs `GeodSolve -i -p 9` (GeographicLib, Debian geographiclib-tools) for reference distances.
enum GeodSolveRun {
    static func inverse(_ input: String) throws -> [Double] {
        let run = try Subprocess.run("GeodSolve", ["-i", "-p", "9"], input: input)
        try #require(run.status == 0, "GeodSolve failed: \(run.error)")
        return run.output.split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.flatMap { Double($0) }
        }
    }
}

/// A small deterministic random number generator, so failures reproduce.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
