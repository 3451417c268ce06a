import FolioTables
import FolioTestSupport
import Foundation
import Testing

@Suite struct CSVFileTests {
    func csv(_ text: String, hasHeader: Bool = true) throws -> CSVFile {
        try CSVFile(MemoryBytes(text), hasHeader: hasHeader, name: "test.csv")
    }

    @Test func readsRFC4180Quoting() throws {
        let file = try csv(
            "name,quote\r\nHomer,\"D'oh, \"\"Marge\"\"\"\r\n\"Bart\nSimpson\",\"\"\r\nLisa,\"a,b\"")
        #expect(file.columns == ["name", "quote"])
        #expect(try file.rowCount() == 3)
        #expect(try file.row(at: 0) == ["Homer", "D'oh, \"Marge\""])
        #expect(try file.row(at: 1) == ["Bart\nSimpson", ""])
        #expect(try file.row(at: 2) == ["Lisa", "a,b"])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsText() throws {
        let file = try csv("name,size\nMarjorie \"Marge\" Simpson,5\" tall\nBart,1\n")
        #expect(try file.rowCount() == 2)
        #expect(try file.row(at: 0) == ["Marjorie \"Marge\" Simpson", "5\" tall"])
        #expect(try file.row(at: 1) == ["Bart", "1"])
    }

    @Test func skipsABOMAndBlankLinesAndPadsShortRows() throws {
        let file = try csv("\u{FEFF}a,b,c\n\n1,2,3\n\n4\n")
        #expect(file.columns == ["a", "b", "c"])
        #expect(try file.rowCount() == 2)
        #expect(try file.row(at: 1) == ["4", "", ""])
    }

    @Test func withoutAHeaderColumnsAreNumbered() throws {
        let file = try csv("Homer,Father\nMarge,Mother\n", hasHeader: false)
        #expect(file.columns == ["1", "2"])
        #expect(try file.row(at: 0) == ["Homer", "Father"])
    }

    @Test func anEmptyFileHasNoColumnsAndNoRows() throws {
        let file = try csv("")
        #expect(file.columns.isEmpty)
        #expect(try file.rowCount() == 0)
    }

    @Test(arguments: [
        Malformed(text: "a,b\n1,\"open\n2,3\n", reason: "line 2: a quoted field is not closed"),
        Malformed(text: "a,b\n\"x\"y,1\n", reason: "line 2: field 1 has text after its closing quote"),
    ])
    func malformedCSVIsAClearError(_ example: Malformed) throws {
        let error = try #require(throws: TableError.self) {
            let file = try csv(example.text)
            _ = try file.rowCount()
            _ = try file.row(at: 0)
        }
        #expect(error.code == .malformedCSV)
        #expect(error.description == "read CSV failed for test.csv: \(example.reason) (malformedCSV)")
    }

    @Test func invalidUTF8IsAClearError() throws {
        let file = try CSVFile(MemoryBytes([UInt8]("a\n".utf8) + [0xC3, 0x28, 0x0A]), name: "latin.csv")
        let error = try #require(throws: TableError.self) { try file.row(at: 0) }
        #expect(error.code == .invalidEncoding)
        #expect(error.reason.contains("line 2"))
    }

    @Test func aMissingRowIsAnError() throws {
        let file = try csv("a\n1\n")
        let error = try #require(throws: TableError.self) { try file.row(at: 1) }
        #expect(error.code == .noSuchRow)
    }

    @Test func countsOnlyAsFarAsAsked() throws {
        let bytes = CountingBytes(Array(("n\n" + (0..<100_000).map { "row \($0)\n" }.joined()).utf8))
        let file = try CSVFile(bytes, name: "big.csv")
        #expect(try file.rowCount(upTo: 50) == 50)
        #expect(try file.row(at: 49) == ["row 49"])
        #expect(bytes.bytesRead < 200_000)
        #expect(try file.rowCount() == 100_000)
        // Random access across the index, in any order.
        #expect(try file.row(at: 99_999) == ["row 99999"])
        #expect(try file.row(at: 257) == ["row 257"])
        #expect(try file.row(at: 12_345) == ["row 12345"])
        #expect(try file.row(at: 12_346) == ["row 12346"])
    }

    @Test func writingBackCopiesKeptRowsByteForByte() throws {
        let file = try csv("name,quote\r\nHomer,\"D'oh, \"\"Marge\"\"\"\r\nBart,x\r\n\"Lisa\",\"a\nb\"\r\n")
        var output: [UInt8] = []
        try file.write(keeping: [0, 2]) { output += $0 }
        #expect(
            String(decoding: output, as: UTF8.self)
                == "name,quote\r\nHomer,\"D'oh, \"\"Marge\"\"\"\r\n\"Lisa\",\"a\nb\"\r\n")
        #expect(CSVFile.quoted("a,\"b\"") == "\"a,\"\"b\"\"\"")
        #expect(CSVFile.quoted("plain") == "plain")
    }

    @Test func aCarriageReturnAloneEndsARecordAsPythonsCSVReadsIt() throws {
        for text in ["a,b\r1,2\r3,4", "a,b\r\n1,2\r3,\"4\"\r", "a,b\r\r1,2\r\n\r3,4\r\n\r", "a,b\n1,2\r\r\n3,4\n"] {
            let file = try csv(text)
            #expect(file.columns == ["a", "b"], "\(text.debugDescription)")
            #expect(try file.rowCount() == 2, "\(text.debugDescription)")
            #expect(try file.row(at: 0) == ["1", "2"], "\(text.debugDescription)")
            #expect(try file.row(at: 1) == ["3", "4"], "\(text.debugDescription)")
            #expect(try file.rawRow(at: 1) == Array((text.contains("\"4\"") ? "3,\"4\"" : "3,4").utf8))
        }
    }

    @Test func aCarriageReturnInQuotesBeforeTheLineEndIsText() throws {
        let file = try csv("a,b\n\"x\r\",\"y\r\"\r\n\"z\r\"\n")
        #expect(try file.row(at: 0) == ["x\r", "y\r"])
        #expect(try file.row(at: 1) == ["z\r", ""])
    }

    @Test func rowsWrittenBackReadTheSameWhateverTheLineEnds() throws {
        let text = "a,b\r\n\"1\r\",2\r\n3,\"4\"\r"
        let file = try csv(text)
        var output: [UInt8] = []
        try file.write(keeping: 0..<(try file.rowCount())) { output += $0 }
        let again = try CSVFile(MemoryBytes(output), name: "again.csv")
        #expect(again.columns == file.columns)
        #expect(try again.rowCount() == 2)
        #expect(try (0..<2).map { try again.row(at: $0) } == [["1\r", "2"], ["3", "4"]])
        #expect(try (0..<2).map { try file.row(at: $0) } == [["1\r", "2"], ["3", "4"]])
    }

    @Test func readsAFileOnDisk() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("people.tsv")
        try Data("name\trole\nHomer\tFather\n".utf8).write(to: URL(fileURLWithPath: path))
        let file = try CSVFile(FileBytes(path: path), separator: "\t", name: "people.tsv")
        #expect(try file.row(at: 0) == ["Homer", "Father"])
        let error = try #require(throws: TableError.self) { try FileBytes(path: directory.appending("missing.csv")) }
        #expect(error.code == .readFailed)
        #expect(error.errno == ENOENT)
    }
}

/// Bytes in memory that count how many bytes were read.
final class CountingBytes: RandomAccessBytes {
    let memory: MemoryBytes
    private(set) var bytesRead = 0

    init(_ bytes: [UInt8]) {
        memory = MemoryBytes(bytes)
    }

    func read(at offset: Int64, count: Int) throws(TableError) -> [UInt8] {
        let bytes = try memory.read(at: offset, count: count)
        bytesRead += bytes.count
        return bytes
    }
}
