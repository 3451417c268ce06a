import Testing

@testable import FolioLocation

@Suite struct CoordinateTests {
    @Test func parsesLatitudeCommaLongitude() throws {
        let coordinate = try #require(try Coordinate(parsing: "38.8977, -77.0365"))
        #expect(coordinate == Coordinate(latitude: 38.8977, longitude: -77.0365))
        #expect(try Coordinate(parsing: "White House") == nil)
        #expect(try Coordinate(parsing: "1,2,3") == nil)
    }

    @Test func refusesOutOfRangeValues() {
        #expect(throws: LocationError.self) { try Coordinate(parsing: "91,0") }
        #expect(throws: LocationError.self) { try Coordinate(validatingLatitude: 0, longitude: 180.5) }
        #expect(throws: LocationError.self) { try Coordinate(validatingLatitude: .nan, longitude: 0) }
        do {
            _ = try Coordinate(validatingLatitude: -90.1, longitude: 0)
        } catch {
            #expect(error.code == .invalidCoordinate)
            #expect(error.description.contains("latitude -90.1 is outside -90…90"))
        }
    }

    @Test func printsSixDecimals() {
        #expect(Coordinate(latitude: 33.010003, longitude: -96.757923).description == "33.010003,-96.757923")
        #expect(Coordinate(latitude: -0.0000001, longitude: 0).description == "0.000000,0.000000")
    }
}
