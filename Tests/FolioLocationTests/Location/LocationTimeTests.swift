import Foundation
import Testing

@testable import FolioLocation

@Suite struct LocationTimeTests {
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var printed: String
        var description: String { text }
    }

    @Test(arguments: [
        Case(text: "2006-05-20T20:06:19.3Z", printed: "2006-05-20T20:06:19.300Z"),
        Case(text: "2024-01-01T12:00:13.994Z", printed: "2024-01-01T12:00:13.994Z"),
        Case(text: "2024-01-01T12:00:05Z", printed: "2024-01-01T12:00:05.000Z"),
        Case(text: "2024-01-01T12:00:05.123456789Z", printed: "2024-01-01T12:00:05.123456789Z"),
        Case(text: "2024-01-01T12:00:05.1234560Z", printed: "2024-01-01T12:00:05.123456Z"),
        Case(text: "2024-01-01T14:00:05.25+02:00", printed: "2024-01-01T12:00:05.250Z"),
        Case(text: "2024-01-01T12:00:05", printed: "2024-01-01T12:00:05.000Z"),
        Case(text: "1999-12-31T23:59:59.999999999Z", printed: "1999-12-31T23:59:59.999999999Z"),
        Case(text: "1999-12-31T23:59:59.9999999996Z", printed: "2000-01-01T00:00:00.000Z"),
        Case(text: "1969-12-31T23:59:59.5Z", printed: "1969-12-31T23:59:59.500Z"),
        Case(text: "2024-02-29T00:00:00Z", printed: "2024-02-29T00:00:00.000Z"),
    ])
    func keepsTheDigitsTheTextGave(_ example: Case) throws {
        let time = try #require(LocationTime(parsing: example.text))
        #expect(time.description == example.printed)
        #expect(LocationTime(parsing: time.description) == time)
    }

    @Test func holdsWholeNanosecondsNotABinaryFraction() throws {
        let time = try #require(LocationTime(parsing: "2024-01-01T12:00:13.994Z"))
        #expect(time.nanosecondsSince1970 == 1_704_110_413_994_000_000)
    }

    @Test(arguments: [
        "yesterday", "2024-13-01T12:00:00Z", "2023-02-29T12:00:00Z", "2024-04-31T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T12:00:00.Z", "2024-01-01T12:00:00+2:00", "2024-01-01T12:00:00Zjunk", "0999-01-01T00:00:00Z",
        "9999-01-01T00:00:00Z",
    ])
    func refusesWhatIsNotATimeItCanHold(_ text: String) {
        #expect(LocationTime(parsing: text) == nil)
    }

    @Test func convertsFromAndToDate() throws {
        let time = try #require(LocationTime(parsing: "2024-01-01T12:00:05.250Z"))
        #expect(time.date == Date(timeIntervalSince1970: 1_704_110_405.25))
        #expect(LocationTime(time.date) == time)
        #expect(LocationTime(Date.distantFuture) == nil)
        let now = LocationTime.now()
        let date = Date()
        #expect(abs(now.date.timeIntervalSince(date)) < 5)
    }

    @Test func addsAndSubtractsDurationsExactly() throws {
        let time = try #require(LocationTime(parsing: "2024-01-01T23:59:59.900Z"))
        #expect((time + .milliseconds(150)).description == "2024-01-02T00:00:00.050Z")
        #expect((time + .milliseconds(-900)).description == "2024-01-01T23:59:59.000Z")
        #expect(time + .nanoseconds(1) - time == .nanoseconds(1))
        #expect(time < time + .nanoseconds(1))
        #expect((time + .milliseconds(1500)).seconds(since: time) == 1.5)
        #expect(
            LocationTime(nanosecondsSince1970: .max).seconds(since: LocationTime(nanosecondsSince1970: .min)) > 1.8e10)
    }

    @Test func encodesAsItsText() throws {
        let time = try #require(LocationTime(parsing: "2006-05-20T20:06:19.3Z"))
        let json = String(decoding: try JSONEncoder().encode([time]), as: UTF8.self)
        #expect(json == #"["2006-05-20T20:06:19.300Z"]"#)
        #expect(try JSONDecoder().decode([LocationTime].self, from: Data(json.utf8)) == [time])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocationTime].self, from: Data(#"["noon"]"#.utf8))
        }
    }
}
