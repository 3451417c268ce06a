import FolioCore
import Foundation
import Testing

@Suite struct UTCTimeTests {
    struct Example: Sendable, CustomStringConvertible {
        var seconds: Int64
        var nanoseconds: Int64
        var text: String
        var description: String { text }
    }

    @Test(arguments: [
        Example(seconds: 0, nanoseconds: 0, text: "1970-01-01T00:00:00.000Z"),
        Example(seconds: 1_764_600_000, nanoseconds: 500_000_000, text: "2025-12-01T14:40:00.500Z"),
        Example(seconds: 1_764_600_000, nanoseconds: 123_456_789, text: "2025-12-01T14:40:00.123456789Z"),
        Example(seconds: 1_764_600_000, nanoseconds: 123_450_000, text: "2025-12-01T14:40:00.12345Z"),
        Example(seconds: 1_764_600_000, nanoseconds: 1, text: "2025-12-01T14:40:00.000000001Z"),
        Example(seconds: -1, nanoseconds: 999_999_999, text: "1969-12-31T23:59:59.999999999Z"),
        Example(seconds: 951_782_400, nanoseconds: 0, text: "2000-02-29T00:00:00.000Z"),
        Example(seconds: 253_402_300_799, nanoseconds: 0, text: "9999-12-31T23:59:59.000Z"),
    ])
    func writesMillisecondsAlwaysAndFinerDigitsWhenThereAreAny(example: Example) throws {
        let time = UTCTime(secondsSince1970: example.seconds, nanoseconds: example.nanoseconds)
        #expect(time.description == example.text)
        #expect(UTCTime(parsing: example.text) == time, "the text reads back as the same time, to the nanosecond")
    }

    @Test func readsZonesFractionsAndASpaceForTheT() throws {
        let time = UTCTime(secondsSince1970: 1_764_600_000, nanoseconds: 300_000_000)
        #expect(UTCTime(parsing: "2025-12-01T14:40:00.3Z") == time)
        #expect(UTCTime(parsing: "2025-12-01 14:40:00.300") == time)
        #expect(UTCTime(parsing: "2025-12-01T16:40:00.3+02:00") == time)
        #expect(UTCTime(parsing: "2025-12-01T14:40:00.1234567894Z")?.nanoseconds == 123_456_789)
        #expect(UTCTime(parsing: "2025-12-01T14:40:00.9999999999Z") == UTCTime(secondsSince1970: 1_764_600_001))
        for bad in [
            "", "2025-12-01", "2025-13-01T00:00:00Z", "2025-02-30T00:00:00Z", "2025-12-01T14:40:00.Z",
            "2025-12-01T14:40:00Zjunk", "2025-12-01T14:40:00+2",
        ] {
            #expect(UTCTime(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func negativeNanosecondsCarryIntoTheSeconds() {
        let time = UTCTime(secondsSince1970: 10, nanoseconds: -1)
        #expect(time.secondsSince1970 == 9)
        #expect(time.nanoseconds == 999_999_999)
        #expect(UTCTime(secondsSince1970: 10, nanoseconds: 2_000_000_001).secondsSince1970 == 12)
    }

    @Test func isItsTextInJSON() throws {
        let time = UTCTime(secondsSince1970: 1_764_600_000, nanoseconds: 123_456_789)
        let text = try FolioJSON.string(["modified": time])
        #expect(text == #"{"modified":"2025-12-01T14:40:00.123456789Z"}"#)
        let decoded = try FolioJSON.decoder().decode([String: UTCTime].self, from: Data(text.utf8))
        #expect(decoded["modified"] == time)
    }
}

@Suite struct FolioDateTests {
    @Test func writesTheFewestDigitsThatReadBackAsTheSameDate() throws {
        let half = Date(timeIntervalSince1970: 1_764_600_000.5)
        #expect(FolioDate.iso8601(half) == "2025-12-01T14:40:00.500Z")
        let whole = Date(timeIntervalSince1970: 1_764_600_000)
        #expect(FolioDate.iso8601(whole) == "2025-12-01T14:40:00.000Z")
        let file = UTCTime(secondsSince1970: 1_764_600_000, nanoseconds: 123_456_789).date
        let text = FolioDate.iso8601(file)
        #expect(FolioDate.date(parsing: text) == file, "\(text) reads back as the same Date")
        #expect(text.count < "2025-12-01T14:40:00.123456789Z".count, "no digits beyond what a Date holds")
        for _ in 0..<200 {
            let date = Date(timeIntervalSince1970: Double.random(in: 0..<4e9))
            #expect(FolioDate.date(parsing: FolioDate.iso8601(date)) == date)
        }
    }
}
