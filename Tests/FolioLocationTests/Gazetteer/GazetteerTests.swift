import FolioDatabase
import FolioResources
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

@Suite struct GazetteerTests {
    static let bundled = FolioResources.bundleDirectory + "/Gazetteer/zipcodes.db"

    func gazetteer() throws -> Gazetteer {
        try Gazetteer(path: Self.bundled)
    }

    @Test func isProvisionedIntoTheContainer() throws {
        let home = try TestContainer()
        try home.container.provisionDeclaredResources()
        let gazetteer = try Gazetteer(try SandboxPath(parsing: Gazetteer.defaultPath), in: home.container)
        #expect(try gazetteer.count() > 40_000)
        #expect(try gazetteer.attribution().contains("GeoNames"))
        #expect(try gazetteer.attribution().contains("CC BY 4.0"))
    }

    struct Query: Sendable, CustomTestStringConvertible {
        var text: String
        var accuracy: GeocodeAccuracy
        var near: Coordinate
        var within: Double
        var testDescription: String { text }
    }

    @Test(arguments: [
        Query(text: "20500", accuracy: .postalCode, near: Walks.whiteHouse, within: 1000),
        Query(text: "20500-0003", accuracy: .postalCode, near: Walks.whiteHouse, within: 1000),
        Query(text: "White House", accuracy: .premise, near: Walks.whiteHouse, within: 1),
        Query(text: "the Pentagon", accuracy: .premise, near: Walks.pentagon, within: 1),
        Query(
            text: "1600 Pennsylvania Ave NW, Washington, DC 20500", accuracy: .postalCode, near: Walks.whiteHouse,
            within: 1000),
        Query(
            text: "Army Navy Dr & Fern St, Arlington, VA 22202", accuracy: .postalCode, near: Walks.pentagon,
            within: 2000),
        Query(
            text: "Plano, TX", accuracy: .town, near: Coordinate(latitude: 33.0198, longitude: -96.6989),
            within: 10_000),
        Query(
            text: "plano tx", accuracy: .town, near: Coordinate(latitude: 33.0198, longitude: -96.6989), within: 10_000),
        Query(text: "38.8977,-77.0365", accuracy: .premise, near: Walks.whiteHouse, within: 0),
    ])
    func resolvesZipCodesLandmarksAddressesAndTowns(_ query: Query) throws {
        let placemark = try gazetteer().resolve(query.text)
        #expect(placemark.accuracy == query.accuracy)
        #expect(placemark.coordinate.distance(to: query.near) <= query.within)
    }

    @Test func refusesWhatItDoesNotKnowWithoutInventingAPosition() throws {
        let gazetteer = try gazetteer()
        do {
            _ = try gazetteer.resolve("Atlantis")
            Issue.record("resolved Atlantis")
        } catch {
            #expect(error.code == .unknownAddress)
        }
        let error = #expect(throws: LocationError.self) { try gazetteer.resolve("00000") }
        #expect(error?.code == .unknownAddress)
        let error2 = #expect(throws: LocationError.self) { try gazetteer.resolve("95,0") }
        #expect(error2?.code == .invalidCoordinate)
    }

    @Test func theChaptersTwoAddressesAreAboutThreeKilometresApart() async throws {
        let gazetteer = try gazetteer()
        let white = try await gazetteer.geocode("White House")
        let pentagon = try await gazetteer.geocode("Pentagon")
        let distance = white.coordinate.distance(to: pentagon.coordinate)
        #expect(distance > 3200 && distance < 3400)
    }

    @Test func radiusSearchWithThePrefilterFindsExactlyWhatAFullScanFinds() throws {
        let gazetteer = try gazetteer()
        let centers = [
            Walks.whiteHouse, Coordinate(latitude: 33.0198, longitude: -96.6989),
            Coordinate(latitude: 51.88, longitude: -176.65),  // Adak, Alaska: near the antimeridian
            Coordinate(latitude: 64.8378, longitude: -147.7164),  // Fairbanks: far north
            Coordinate(latitude: 21.3069, longitude: -157.8583),  // Honolulu
        ]
        for center in centers {
            for radius in [16_093.44, 80_000.0] {
                let fast = try gazetteer.zipCodes(within: radius, of: center)
                let full = try gazetteer.zipCodes(within: radius, of: center, usesPrefilter: false)
                #expect(fast == full, "\(center) within \(radius)")
                #expect(fast.allSatisfy { $0.distance <= radius })
                #expect(fast.map(\.distance) == fast.map(\.distance).sorted())
                for match in fast.prefix(5) {
                    #expect(match.distance == center.distance(to: match.zipCode.coordinate))
                }
            }
        }
        let tenMiles = try gazetteer.zipCodes(within: 16_093.44, of: Walks.whiteHouse)
        #expect(tenMiles.count > 100)
        #expect(tenMiles.contains { $0.zipCode.code == "22202" })
    }

    @Test func nearestZipCodeOfAPoint() throws {
        let gazetteer = try gazetteer()
        let record = try #require(try gazetteer.zipCode("75075"))
        let nearest = try gazetteer.nearest(to: record.coordinate)
        #expect(nearest.zipCode.coordinate == record.coordinate)
        #expect(nearest.distance == 0)
        let atSea = try gazetteer.nearest(to: Coordinate(latitude: 30, longitude: -140))
        #expect(atSea.distance > 500_000)
    }

    @Test func theDistanceFunctionWorksInAnyConnection() throws {
        let db = try Database.inMemory()
        try db.createDistanceFunction()
        let distance = try #require(
            try db.fetchValue(Double.self, "SELECT distance(38.8977, -77.0365, 38.8719, -77.0563)"))
        #expect(distance == Walks.whiteHouse.distance(to: Walks.pentagon))
        #expect(try db.fetchValue(Double?.self, "SELECT distance(NULL, 0, 0, 0)") == .some(nil))
        let error = #expect(throws: DatabaseError.self) {
            try db.fetchValue(Double.self, "SELECT distance('x', 0, 0, 0)")
        }
        #expect(error?.code == .typeMismatch)
    }

    @Test func boundingBoxesContainTheirCircles() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<300 {
            let center = Coordinate(latitude: generator.uniform(-89, 89), longitude: generator.uniform(-180, 180))
            let radius = generator.uniform(10, 2_000_000)
            let box = BoundingBox(center: center, radius: radius)
            for bearing in stride(from: 0.0, to: 360, by: 7.5) {
                let edge = center.destination(bearing: bearing, distance: radius * 0.999_999)
                #expect(box.contains(edge), "\(center) r=\(radius) bearing \(bearing)")
            }
        }
    }
}
