import Testing

@testable import FolioLocation

@Suite struct DistanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var meters: Double
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "10mi", meters: 16_093.44), Case(text: "10 mi", meters: 16_093.44),
        Case(text: "500m", meters: 500), Case(text: "250", meters: 250), Case(text: "1.5km", meters: 1500),
        Case(text: "100 ft", meters: 30.48), Case(text: "2nmi", meters: 3704),
    ])
    func parsesUnits(_ example: Case) throws {
        #expect(abs(try Distance(parsing: example.text).meters - example.meters) < 1e-9)
    }

    @Test func refusesNegativeAndUnknown() {
        let error = #expect(throws: LocationError.self) { try Distance(parsing: "-3km") }
        #expect(error?.code == .invalidArgument)
        let error2 = #expect(throws: LocationError.self) { try Distance(parsing: "3 furlongs") }
        #expect(error2?.code == .invalidArgument)
        let error3 = #expect(throws: LocationError.self) { try Distance(parsing: "far") }
        #expect(error3?.code == .invalidArgument)
    }

    @Test func printsForPeople() {
        #expect(Distance(meters: 850).description == "850 m")
        #expect(Distance(meters: 3320.4).description == "3.32 km")
        #expect(Distance(meters: 15_347_000).description == "15347.0 km")
    }
}
