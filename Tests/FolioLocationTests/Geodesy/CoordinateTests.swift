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
        let error = #expect(throws: LocationError.self) { try Coordinate(parsing: "91,0") }
        #expect(error?.code == .invalidCoordinate)
        let error2 = #expect(throws: LocationError.self) { try Coordinate(validatingLatitude: 0, longitude: 540.5) }
        #expect(error2?.code == .invalidCoordinate)
        let error3 = #expect(throws: LocationError.self) { try Coordinate(validatingLatitude: .nan, longitude: 0) }
        #expect(error3?.code == .invalidCoordinate)
        do {
            _ = try Coordinate(validatingLatitude: -90.1, longitude: 0)
        } catch {
            #expect(error.code == .invalidCoordinate)
            #expect(error.description.contains("latitude -90.1 is outside -90…90"))
        }
    }

    @Test(arguments: [
        (539.0, 179.0), (181, -179), (-181, 179), (540, 180), (-540, -180), (180, 180), (-180, -180), (360, 0),
        (-539.5, -179.5), (12.5, 12.5), (-437.0365, -77.0365), (398.8977, 38.8977), (-360.1, -0.1),
        (200.123456789012, -159.876543210988),
    ])
    func reducesLongitudesAsGeodSolveDoes(_ given: Double, _ reduced: Double) throws {
        let coordinate = try Coordinate(validatingLatitude: 10, longitude: given)
        #expect(coordinate.longitude == reduced)
        #expect(coordinate.latitude == 10)
    }

    @Test func refusesLongitudesBeyond540AndLatitudesBeyond90() {
        for (latitude, longitude) in [(0, 540.000_001), (0, -541), (90.000_1, 0), (0, .infinity)] {
            do {
                _ = try Coordinate(validatingLatitude: latitude, longitude: longitude)
                Issue.record("accepted \(latitude),\(longitude)")
            } catch {
                #expect(error.code == .invalidCoordinate)
            }
        }
    }

    @Test func printsSixDecimals() {
        #expect(Coordinate(latitude: 33.010003, longitude: -96.757923).description == "33.010003,-96.757923")
        #expect(Coordinate(latitude: -0.0000001, longitude: 0).description == "0.000000,0.000000")
    }
}
