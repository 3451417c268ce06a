import Testing

@testable import FolioLocation

@Suite struct DataInputTests {
    @Test func splitsLinesAcrossChunksWithEitherEnding() throws {
        let reader = LineReader(try DataInput.text("one\r\ntwo\nthree").open())
        var lines: [String] = []
        while let line = try reader.next() { lines.append(String(decoding: line, as: UTF8.self)) }
        #expect(lines == ["one", "two", "three"])
        #expect(reader.lineNumber == 3)
    }

    @Test func refusesALineLongerThanTheLimitInsteadOfGrowingWithoutBound() throws {
        let text = "short\n" + String(repeating: "x", count: 5000) + "\n"
        let reader = LineReader(try DataInput.text(text, name: "big.nmea").open(), limit: 1024)
        _ = try reader.next()
        do {
            _ = try reader.next()
            Issue.record("read a 5000-byte line with a 1024-byte limit")
        } catch {
            #expect(error.code == .malformed)
            #expect(error.subject == "big.nmea, line 2")
        }
    }
}
