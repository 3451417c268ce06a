import FolioTables
import Foundation

/// CSV, TSV, JSON and XML files read as tables, as `folio table show` and `/api/tables` read
/// them: opened with ``TableDocument``, every row read, the table drawn for a terminal, as HTML
/// and as JSON.
///
/// For XML the input starts with two lines, the rows XPath and the column XPaths (comma
/// separated, possibly none), then the document; the `xml` reader mutates the document, the
/// `xpath` reader the XPaths. For the formats Folio writes back (CSV, TSV, JSON) three
/// invariants are checked: the file written back with every row reads as the same rows; a row
/// read on its own (through the row index) is the row read in order; the terminal drawing holds
/// no control character; and with a row inserted (values full of quotes, separators and line
/// breaks) and the first row moved to the end, the file written back reads as exactly those rows.
struct TableTarget: InProcessTarget {
    enum Kind: String, Sendable {
        case csv, tsv, json, xml, xpath
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    var name: String { kind.rawValue }

    var summary: String {
        switch kind {
        case .csv: "CSV through TableDocument: rows, write-back, row index, terminal/HTML/JSON drawing"
        case .tsv: "TSV through TableDocument, as CSV"
        case .json: "JSON arrays through TableDocument: rows, write-back, drawing"
        case .xml: "XML documents through TableDocument with row and column XPaths"
        case .xpath: "XPaths (rows and columns) over fixed XML documents, through TableDocument"
        }
    }

    var fileExtension: String {
        switch kind {
        case .csv, .tsv, .json: kind.rawValue
        case .xml, .xpath: "xpath-xml"
        }
    }

    private var format: TableFormat {
        switch kind {
        case .csv: .csv
        case .tsv: .tsv
        case .json: .json
        case .xml, .xpath: .xml
        }
    }

    var profile: MutationProfile {
        switch kind {
        case .csv, .tsv:
            MutationProfile(
                tokens: ["\"", "\"\"", ",", "\t", "\r\n", "\n\n", "\"a\"\"b\"", ",,,,", "\"\n\"", "\"\r\n\"", "sep=;"],
                nesting: [.init("\"", "\"")])
        case .json:
            MutationProfile(
                tokens: [
                    "{", "}", "[", "]", ":", ",", "\"", "\\\"", "\\u0000", "\\ud800", "\\udc00", "\\ud800\\udc00",
                    "\\u00", "\\x", "true", "false", "null", "nul", "-", ".", "e+", "E-", "\"\"", "{}", "[]",
                    "\"a\":", "1e400", "-0.0", "01", "+1", "\u{A0}",
                ],
                nesting: [.init("[", "]"), .init("{\"a\":", "}"), .init("[{\"a\":", "}]")])
        case .xml:
            MutationProfile(
                tokens: XMLTokens.document, nesting: XMLTokens.nesting, focus: .afterFirstLines(2))
        case .xpath:
            MutationProfile(
                tokens: XMLTokens.xpath, nesting: [.init("(", ")"), .init("a[", "]"), .init("*/", ""), .init("-", "")],
                maximumSize: 1 << 18, focus: .firstLines(2))
        }
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        switch kind {
        case .csv:
            return corpus.bundleFile("Samples/simpsons.csv")
                + corpus.corpusFiles("csv-spectrum/csvs", suffixes: [".csv"]) + TableSeeds.csv
        case .tsv:
            return
                (corpus.bundleFile("Samples/simpsons.csv") + corpus.corpusFiles("csv-spectrum/csvs", suffixes: [".csv"]))
                .map { Seed(name: $0.name + " (tabs)", bytes: $0.bytes.map { $0 == UInt8(ascii: ",") ? 0x09 : $0 }) }
                + TableSeeds.tsv
        case .json:
            return corpus.corpusFiles("csv-spectrum/json", suffixes: [".json"]) + TableSeeds.json
        case .xml, .xpath:
            return XMLTokens.seeds(from: corpus)
        }
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        var options = TableOptions()
        options.format = format
        var body = input
        if format == .xml {
            let framed = XMLTokens.unframe(input)
            options.rowsXPath = framed.rows
            options.columnXPaths = framed.columns
            body = framed.document
        } else if format != .json {
            // Whether the first record names the columns follows from the input, so a saved
            // input replays the same way.
            options.hasHeader = input.count % 5 != 0
        }
        do {
            let document = try TableDocument(bytes: MemoryBytes(body), name: "fuzz.\(format)", options: options)
            let rows = try TableTarget.rows(of: document.source, limit: 20_000)
            let table = TableView(dataSource: document.dataSource)
            for line in try TerminalRenderer(width: 80, height: 24).screen(of: table).lines
            where Verdict.hasControlCharacters(line) {
                throw Violation("the terminal drawing holds a control character: \(line.debugDescription.prefix(300))")
            }
            if rows.count < 2_000 {
                try JSONRenderer().render(table) { _ in }
                try HTMLRenderer().render(table) { _ in }
            }
            if format.isWritable && rows.count < 20_000 {
                try checkWriteBack(document, rows: rows, options: options)
                try checkEditsWrittenBack(body, rows: rows, options: options, seed: input.count)
            }
            if format == .csv || format == .tsv {
                try checkRowIndex(body, rows: rows, options: options)
            }
            return .accepted
        } catch let error as TableError {
            return .refused(error, code: error.code.rawValue)
        } catch let violation as Violation {
            throw violation
        } catch {
            return .refused(error, code: nil)
        }
    }

    /// The columns and the first `limit` rows.
    private static func rows(of source: any RowSource, limit: Int) throws -> [[String]] {
        let count = try source.rowCount(upTo: limit)
        return try [source.columns] + (0..<count).map { try source.row(at: $0) }
    }

    /// Written back with every row, the file reads as the same columns and rows.
    private func checkWriteBack(_ document: TableDocument, rows: [[String]], options: TableOptions) throws {
        var written: [UInt8] = []
        try document.write { written += $0 }
        let again: TableDocument
        let reread: [[String]]
        do {
            again = try TableDocument(bytes: MemoryBytes(written), name: "written.\(format)", options: options)
            reread = try TableTarget.rows(of: again.source, limit: rows.count + 1)
        } catch {
            throw Violation("the file written back does not read: \(error)")
        }
        if let difference = TableTarget.firstDifference(rows, reread) {
            throw Violation("the file written back reads differently: \(difference)")
        }
    }

    /// Values a person might type that a writer must quote.
    private static let awkwardValues = ["x,\"y\"", "a\r\nb", "", " s ", "\t", "\"", "é\n"]

    /// A row inserted in the middle and the first row moved to the end, written back and read
    /// again, give exactly the edited rows. (Without a header the columns follow the first
    /// record, and JSON's keys their first appearance, which a move changes: only the insertion
    /// is checked there.)
    private func checkEditsWrittenBack(_ body: [UInt8], rows: [[String]], options: TableOptions, seed: Int) throws {
        guard let columns = rows.first, !columns.isEmpty else { return }
        let document = try TableDocument(bytes: MemoryBytes(body), name: "fuzz.\(format)", options: options)
        let table = TableView(dataSource: document.dataSource)
        table.setEditing(true)
        let values = columns.indices.map { TableTarget.awkwardValues[(seed + $0) % TableTarget.awkwardValues.count] }
        var expected = Array(rows.dropFirst())
        let middle = expected.count / 2
        try document.dataSource.stageInsertion(values)
        try table.commit(.insert, forRowAt: IndexPath(row: middle, section: 0))
        expected.insert(values, at: middle)
        if options.hasHeader && format != .json, expected.count > 1 {
            try table.commitMove(
                from: IndexPath(row: 0, section: 0), to: IndexPath(row: expected.count - 1, section: 0))
            expected.append(expected.removeFirst())
        }
        var written: [UInt8] = []
        try document.write { written += $0 }
        let reread: [[String]]
        do {
            let again = try TableDocument(bytes: MemoryBytes(written), name: "edited.\(format)", options: options)
            reread = try TableTarget.rows(of: again.source, limit: expected.count + 1)
        } catch {
            throw Violation("the file written back after an insertion and a move does not read: \(error)")
        }
        if let difference = TableTarget.firstDifference([columns] + expected, reread) {
            throw Violation("the file written back after an insertion and a move reads differently: \(difference)")
        }
    }

    /// Each row read through the row index, in a file opened afresh, is the row read in order.
    private func checkRowIndex(_ body: [UInt8], rows: [[String]], options: TableOptions) throws {
        let data = rows.dropFirst()
        guard !data.isEmpty else { return }
        for index in Set([data.count - 1, data.count / 2, min(data.count - 1, 300)]).sorted(by: >) {
            let fresh = try TableDocument(bytes: MemoryBytes(body), name: "fuzz.\(format)", options: options)
            let row: [String]
            do {
                row = try fresh.source.row(at: index)
            } catch {
                throw Violation("row \(index) read in order, but not through the row index: \(error)")
            }
            if row != data[data.startIndex + index] {
                throw Violation(
                    "row \(index) reads differently through the row index: \(row) instead of \(data[data.startIndex + index])"
                )
            }
        }
    }

    private static func firstDifference(_ first: [[String]], _ second: [[String]]) -> String? {
        for (index, (left, right)) in zip(first, second).enumerated() where left != right {
            return "\(index == 0 ? "columns" : "row \(index - 1)"): \(right) instead of \(left)"
        }
        return first.count == second.count ? nil : "\(second.count - 1) rows instead of \(first.count - 1)"
    }
}
