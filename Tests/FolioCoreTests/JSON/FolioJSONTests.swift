import FolioCore
import Foundation
import Testing

@Suite struct FolioJSONTests {
    struct Place: Codable, Equatable {
        var name: String
        var latitude: Double
        var longitude: Double
        var step: Double
        var seen: Date
    }

    @Test func doublesAreTheirShortestFormThatReadsBack() throws {
        let place = Place(
            name: "Sydney", latitude: -33.8688, longitude: 151.2093, step: 0.1,
            seen: Date(timeIntervalSince1970: 1_764_600_000.25))
        let text = try FolioJSON.string(place)
        #expect(
            text
                == #"{"latitude":-33.8688,"longitude":151.2093,"name":"Sydney","seen":"2025-12-01T14:40:00.250Z","step":0.1}"#
        )
        #expect(try FolioJSON.decoder().decode(Place.self, from: Data(text.utf8)) == place)
        #expect(
            try FolioJSON.string([0.1, -33.8688, 2832.2, 0.30000000000000004])
                == "[0.1,-33.8688,2832.2,0.30000000000000004]")
        for value in [
            0.1, 0.2 + 0.1, 2832.2, 33.0384, 1e-7, 123_456_789.123, -0.0, Double.leastNonzeroMagnitude,
            1.7976931348623157e308,
        ] {
            let written = try FolioJSON.string([value])
            let read = try JSONDecoder().decode([Double].self, from: Data(written.utf8))
            #expect(read[0].bitPattern == value.bitPattern, "\(written)")
        }
    }

    @Test func prettyOutputWritesEmptyCollectionsCompactly() throws {
        let text = try FolioJSON.string(["entries": [String](), "more": ["a"]], pretty: true)
        #expect(text == "{\n  \"entries\" : [],\n  \"more\" : [\n    \"a\"\n  ]\n}")
        #expect(try FolioJSON.string([[String: Int]](), pretty: true) == "[]")
        #expect(try FolioJSON.string(["[\n\n]"], pretty: true) == "[\n  \"[\\n\\n]\"\n]", "text inside a string stays")
    }

    @Test func slashesAreNotEscapedAndKeysAreSorted() throws {
        #expect(try FolioJSON.string(["b": "Documents/a.txt", "a": "x"]) == #"{"a":"x","b":"Documents/a.txt"}"#)
    }

    @Test func aNaNIsAnErrorNotText() {
        #expect(throws: EncodingError.self) { try FolioJSON.encode([Double.nan]) }
    }
}
