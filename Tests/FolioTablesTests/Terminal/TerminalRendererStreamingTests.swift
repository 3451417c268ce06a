import FolioTestSupport
import Foundation
import Testing

@testable import FolioTables

/// Drawing a whole CSV file streamed from its bytes gives exactly the bytes (or the error) of
/// drawing it screen by screen through cells, for every style, width, colour and section layout.
@Suite struct TerminalRendererStreamingTests {
    /// CSV that exercises the parser and the layout: quoting, line breaks of every kind inside and
    /// between records, wide, combining and control characters, empty and missing fields, long
    /// labels.
    static let samples: [String] = [
        "name,value\nRow 0,0\nRow 1,2\nRow 2,4\n",
        "name,value\r\nHomer,Father\r\nMarge,Mother\r\n",
        "name,value\rLone,CR\rline,breaks\r",
        "name,value\n\"Simpson, Homer\",\"He said \"\"D'oh\"\"\"\n\"\",\"\"\n",
        "name,value\n\"two\nlines\",\"three\r\nlines\rhere\"\nafter,it\n",
        "name,value\n\n\r\n\nblank,lines\n\n\nbetween,records\n\n",
        "\u{FEFF}name,value\nbom,first\n",
        "name,value\nMarjorie \"Marge\" Simpson,kept \"quotes\"\n",
        "name,value\n,\n,empty text\nempty detail,\n",
        "name,value,extra\nshort\nlong,row,with,more,fields\n,\n",
        "name,value\n東京都,日本\n😀 emoji,👍🏽\nCafé,e\u{301}\n🇯🇵,flag\nfamily,👨‍👩‍👧\n",
        "name,value\ntab\there,esc\u{1B}[31mred\nbell\u{7},del\u{7F}\n\u{202E}bidi,\u{2028}sep\n",
        "name,value\n" + String(repeating: "x", count: 200) + "," + String(repeating: "9", count: 150) + "\n",
        "name,value\n" + String(repeating: "漢", count: 60) + "," + String(repeating: "字", count: 50) + "\n",
        "name,value\nexactly ten,1234567890\n" + String(repeating: "a", count: 79) + ",b\n",
        "name,value\nno final newline,at end",
        "name,value\ntrailing,separator,\n",
        "name,value\n   ,   \nspaces at end   ,   spaces\n",
        "name,value\n",
        "",
        "name,value,image\nHomer,Father,0.png\nMarge,Mother,\nBart,Son,1.png\n",
    ]

    static let corpus: [String] = {
        let directory = Corpora.path("csv-spectrum/csvs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".csv") }.sorted().compactMap {
            try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8)
        }
    }()

    struct Layout: CustomTestStringConvertible, Sendable {
        var style: CellStyle
        var width: Int
        var usesColor: Bool
        var isGrouped: Bool
        var labelWidth: Int?
        var testDescription: String {
            "\(style) \(width) \(usesColor ? "colour" : "plain") \(isGrouped ? "grouped" : "") \(labelWidth ?? 0)"
        }
    }

    static let layouts: [Layout] = CellStyle.allCases.flatMap { style in
        [10, 23, 80].flatMap { width in
            [false, true].flatMap { usesColor in
                [false, true].map { isGrouped in
                    Layout(
                        style: style, width: width, usesColor: usesColor, isGrouped: isGrouped,
                        labelWidth: width == 23 ? 9 : nil)
                }
            }
        }
    }

    /// The table of `csv` and what the two ways of drawing it give.
    func bothDrawings(
        of csv: [UInt8], layout: Layout, options: TableOptions = TableOptions()
    ) throws -> (streamed: [UInt8], screens: [UInt8]) {
        var options = options
        options.style = layout.style
        options.format = .csv
        let renderer = TerminalRenderer(
            width: layout.width, height: 5, usesColor: layout.usesColor, labelWidth: layout.labelWidth)
        let streamedTable = TableView(
            dataSource: try TableDocument(bytes: MemoryBytes(csv), name: "t.csv", options: options).dataSource,
            style: layout.isGrouped ? .grouped : .plain)
        var streamed: [UInt8] = []
        let didStream = try renderer.renderStreaming(streamedTable) { streamed.append(contentsOf: $0) }
        #expect(didStream)
        let table = TableView(
            dataSource: try TableDocument(bytes: MemoryBytes(csv), name: "t.csv", options: options).dataSource,
            style: layout.isGrouped ? .grouped : .plain)
        var screens: [UInt8] = []
        try renderer.renderScreens(table) { screens.append(contentsOf: $0.utf8) }
        return (streamed, screens)
    }

    @Test(arguments: layouts)
    func streamingDrawsTheSameBytesAsScreens(_ layout: Layout) throws {
        for (index, sample) in (Self.samples + Self.corpus).enumerated() {
            var options = TableOptions()
            if sample.contains("image") { options.image = "image" }
            let drawn = try bothDrawings(of: Array(sample.utf8), layout: layout, options: options)
            #expect(drawn.streamed == drawn.screens, "sample \(index)")
        }
    }

    @Test func headersFootersAndChosenColumnsAreDrawnTheSame() throws {
        var options = TableOptions()
        options.headers = ["People"]
        options.footers = ["End of people"]
        options.text = "value"
        options.detail = "1"
        let sample = Array(Self.samples[3].utf8) + Array("more,rows\n".utf8)
        for layout in Self.layouts {
            let drawn = try bothDrawings(of: sample, layout: layout, options: options)
            #expect(drawn.streamed == drawn.screens, "\(layout.testDescription)")
        }
    }

    @Test func withoutAHeaderTheFirstRecordIsARow() throws {
        var options = TableOptions()
        options.hasHeader = false
        let drawn = try bothDrawings(
            of: Array("Homer,Father\r\nMarge,Mother".utf8), layout: Self.layouts[20], options: options)
        #expect(drawn.streamed == drawn.screens)
        #expect(String(decoding: drawn.streamed, as: UTF8.self).hasPrefix("Homer"))
    }

    /// Records and fields that cross the 1 MiB reading buffer, a field longer than the buffer,
    /// and output longer than one chunk.
    @Test func recordsAcrossTheReadingBufferAreDrawnTheSame() throws {
        var csv = Array("name,value\n".utf8)
        var row = 0
        while csv.count < 3 * CSVRecordStream.chunkSize {
            let text = row % 7 == 0 ? "\"quoted \"\"\(row)\"\" with\nbreak\"" : "Row \(row)"
            let detail = row % 11 == 0 ? "日本 \(row)" : String(row * 2)
            csv += Array("\(text),\(detail)\(row % 5 == 0 ? "\r\n" : "\n")".utf8)
            if row == 20_000 {
                csv += Array("\"".utf8) + Array(repeating: UInt8(ascii: "y"), count: 3 * CSVRecordStream.chunkSize / 2)
                csv += Array("\",long\n".utf8)
            }
            row += 1
        }
        for layout in [Self.layouts[4], Self.layouts[19], Self.layouts[45]] {
            let drawn = try bothDrawings(of: csv, layout: layout)
            #expect(drawn.streamed.count > TerminalRenderer.streamingChunkSize)
            #expect(drawn.streamed == drawn.screens, "\(layout.testDescription)")
        }
    }

    /// Every chunk handed on ends at a line's end (so a chunk made into a string never splits a
    /// character), and the string and byte forms of the whole drawing are the same.
    @Test func chunksEndAtLineEnds() throws {
        var text = "name,value\n"
        for row in 0..<40_000 { text += "Zeile \(row) ä,\(row)\n" }
        let renderer = TerminalRenderer(width: 40, height: 10)
        let table = TableView(
            dataSource: try TableDocument(bytes: MemoryBytes(text), name: "t.csv", options: TableOptions()).dataSource)
        var chunks: [[UInt8]] = []
        try renderer.render(table, toBytes: { chunks.append(Array($0)) })
        #expect(chunks.count > 1)
        #expect(chunks.allSatisfy { $0.last == UInt8(ascii: "\n") })
        let string = try renderer.string(of: table)
        #expect(Array(string.utf8) == chunks.flatMap { $0 })
    }

    /// Tables the stream does not apply to are drawn screen by screen, as before.
    @Test func sectionsDeletionsAndEditingAreDrawnByScreens() throws {
        var options = TableOptions()
        options.sections = "value"
        let csv = "name,value\nHomer,a\nMarge,b\nBart,a\n"
        let renderer = TerminalRenderer(width: 30, height: 5)
        let grouped = TableView(
            dataSource: try TableDocument(bytes: MemoryBytes(csv), name: "t.csv", options: options).dataSource)
        #expect(try renderer.renderStreaming(grouped) { _ in } == false)
        let document = try TableDocument(bytes: MemoryBytes(csv), name: "t.csv", options: TableOptions())
        let edited = TableView(dataSource: document.dataSource)
        try document.dataSource.commit(.delete, forRowAt: IndexPath(row: 0, section: 0))
        #expect(try renderer.renderStreaming(edited) { _ in } == false)
        #expect(try renderer.string(of: edited) == "Marge\nBart\n")
    }

    /// A malformed file fails the same way streamed as screen by screen.
    @Test(arguments: [
        ("name,value\nok,1\n\"open,2\nnever closed\n", TableError.Code.malformedCSV),
        ("name,value\nok,1\n\"closed\"then text,2\n", .malformedCSV),
        ("name,value\n\"a\nb\"x,1\n", .malformedCSV),
        ("name,value\nok,\u{FF}\u{FE}\n", .invalidEncoding),
        ("name,value,other\nok,1,\"a\n\u{C3}\"\n", .invalidEncoding),
    ])
    func malformedFilesFailTheSame(_ sample: String, _ code: TableError.Code) throws {
        let csv = latin1(sample)
        let renderer = TerminalRenderer(width: 40, height: 5)
        let document = { () throws(TableError) in
            try TableDocument(bytes: MemoryBytes(csv), name: "bad.csv", options: TableOptions())
        }
        let streamed = #expect(throws: TableError.self) {
            try renderer.renderStreaming(TableView(dataSource: try document().dataSource)) { _ in }
        }
        let screens = #expect(throws: TableError.self) {
            try renderer.renderScreens(TableView(dataSource: try document().dataSource)) { _ in }
        }
        #expect(streamed?.code == code)
        #expect(streamed?.code == screens?.code)
        #expect(streamed?.reason == screens?.reason)
    }

    /// `text` with every scalar below 256 as one byte: a way to write bytes that are not UTF-8.
    private func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }
}
