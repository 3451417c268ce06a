import Foundation
import Testing

@testable import FolioLocation

@Suite struct LocationTests {
    @Test func negativeAccuracyMarksValuesInvalid() {
        var location = Location(latitude: 33.02, longitude: -96.7388)
        #expect(location.hasValidPosition)
        #expect(!location.hasValidAltitude)
        location.horizontalAccuracy = -1
        #expect(!location.hasValidPosition)
        location.verticalAccuracy = 3
        #expect(location.hasValidAltitude)
    }

    @Test func distanceFromAnotherLocationIsGeodesic() {
        let white = Location(latitude: Walks.whiteHouse.latitude, longitude: Walks.whiteHouse.longitude)
        let pentagon = Location(latitude: Walks.pentagon.latitude, longitude: Walks.pentagon.longitude)
        #expect(white.distance(from: pentagon) == Walks.whiteHouse.distance(to: Walks.pentagon))
    }

    @Test func describesItselfLikeTheChapter() {
        let location = Location(
            coordinate: Coordinate(latitude: 33.010003, longitude: -96.757923), altitude: 200,
            horizontalAccuracy: 5, verticalAccuracy: 7.5, speed: 1.2, course: 90, timestamp: Walks.start)
        #expect(
            location.description
                == "<+33.010003,-96.757923> +/- 5.00m alt 200.0m +/- 7.50m (speed 1.20 mps / course 90.00) "
                + "@ 2024-01-01T12:00:00.000Z")
    }
}

@Suite struct LocationAccuracyTests {
    @Test func parsesTheChapterLevels() throws {
        #expect(try LocationAccuracy(parsing: "best") == .best)
        #expect(try LocationAccuracy(parsing: "10m") == .nearestTenMeters)
        #expect(try LocationAccuracy(parsing: "100m") == .hundredMeters)
        #expect(try LocationAccuracy(parsing: "1km") == .kilometer)
        #expect(try LocationAccuracy(parsing: "3km") == .threeKilometers)
        let error = #expect(throws: LocationError.self) { try LocationAccuracy(parsing: "0m") }
        #expect(error?.code == .invalidArgument)
    }

    @Test func acceptsOnlyValidReadingsWithinTheRadius() {
        var reading = Location(
            coordinate: Walks.whiteHouse, horizontalAccuracy: 12, timestamp: Walks.start)
        #expect(LocationAccuracy.best.accepts(reading))
        #expect(!LocationAccuracy.nearestTenMeters.accepts(reading))
        #expect(LocationAccuracy.hundredMeters.accepts(reading))
        reading.horizontalAccuracy = -1
        #expect(!LocationAccuracy.best.accepts(reading))
    }
}
