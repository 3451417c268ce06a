/// A CSV file (RFC 4180) read lazily: its rows are found as they are needed, through an index of
/// record offsets that grows only as far as the rows asked for.
///
/// Opening reads only the header. Showing the first screen reads the first few kilobytes;
/// counting every row scans the file once without building fields. The index keeps one offset in
/// every 256 records, so even a file of millions of rows costs a few tens of kilobytes, and reading
/// rows in order continues from the last one read. The file is never held in memory.
///
/// The first record names the columns unless `hasHeader` is false, when the columns are `1`, `2`,
/// … (as many as the first record has). Rows with fewer fields than columns are padded with empty
/// values; extra fields are kept.
///
/// ```swift
/// let file = try CSVFile(FileBytes(path: "people.csv"), name: "people.csv")
/// file.columns           // ["name", "role"]
/// try file.row(at: 0)    // ["Homer Jay Simpson", "Father"]
/// ```
public final class CSVFile: RowSource {
    /// The column names.
    public let columns: [String]
    /// The name used in errors (a path).
    public let name: String
    /// The header record's raw bytes, without its line ending (empty without a header).
    public let headerBytes: [UInt8]
    /// The line ending of the first record, `\r\n` or `\n` (also for a file that ends lines with
    /// a lone `\r`, or has one line): what writing the file back ends every line with.
    public let lineEnding: [UInt8]
    /// Whether the file starts with a UTF-8 byte order mark (kept when it is written back).
    public let hasByteOrderMark: Bool
    /// The field separator: a comma, or a tab for TSV.
    public let separator: Character

    private let reader: CSVReader
    private static let stride = 256
    private var checkpoints: [CSVReader.Place] = []
    private var frontier: CSVReader.Place
    private var counted = 0
    private var isComplete = false
    private var cursor: (index: Int, place: CSVReader.Place)?

    /// Opens CSV from `bytes`, reading its header.
    ///
    /// - Parameters:
    ///   - separator: the field separator: a comma, or a tab for TSV.
    ///   - hasHeader: whether the first record names the columns.
    ///   - name: what errors call the file.
    /// - Throws: ``TableError`` `.malformedCSV` or `.invalidEncoding` for a bad header, or a read error.
    public init(
        _ bytes: any RandomAccessBytes, separator: Character = ",", hasHeader: Bool = true, name: String = "CSV"
    ) throws(TableError) {
        precondition(separator.isASCII, "a CSV separator is one ASCII character")
        reader = CSVReader(bytes, separator: separator.asciiValue ?? UInt8(ascii: ","), name: name)
        self.name = name
        self.separator = separator
        hasByteOrderMark = try bytes.read(at: 0, count: 3) == [0xEF, 0xBB, 0xBF]
        let start = try reader.skipBlankLines(from: CSVReader.Place(offset: 0, line: 1))
        guard let first = try reader.parseRecord(from: start) else {
            columns = []
            headerBytes = []
            lineEnding = Array("\n".utf8)
            frontier = start
            isComplete = true
            return
        }
        let end = try reader.skipRecord(from: start)?.end ?? start.offset
        lineEnding = Array((try bytes.read(at: end, count: 2) == Array("\r\n".utf8) ? "\r\n" : "\n").utf8)
        if hasHeader {
            columns = first.fields
            headerBytes = try reader.bytes(from: start.offset, to: end)
            frontier = first.next
        } else {
            columns = (1...first.fields.count).map(String.init)
            headerBytes = []
            frontier = start
        }
        checkpoints = [frontier]
    }

    /// The number of rows, or `limit` when there are at least that many; scans no further.
    ///
    /// - Complexity: O(bytes scanned), once: later calls continue where the scan stopped.
    public func rowCount(upTo limit: Int) throws(TableError) -> Int {
        while !isComplete && counted < limit {
            guard let (_, next) = try reader.skipRecord(from: frontier) else {
                isComplete = true
                break
            }
            counted += 1
            frontier = next
            if counted % CSVFile.stride == 0 {
                checkpoints.append(next)
            }
        }
        return min(counted, limit)
    }

    /// The fields of the row at `index`, padded with empty values to the number of columns.
    ///
    /// - Complexity: O(1) amortised when rows are read in order; otherwise O(256 records).
    public func row(at index: Int) throws(TableError) -> [String] {
        let place = try place(of: index)
        guard let (fields, next) = try reader.parseRecord(from: place) else {
            throw noSuchRow(index)
        }
        cursor = (index + 1, next)
        return fields.count < columns.count
            ? fields + Array(repeating: "", count: columns.count - fields.count) : fields
    }

    /// The bytes of the row at `index` as they are in the file, without the line ending: what
    /// writing the file back copies, so kept rows keep their exact quoting.
    public func rawRow(at index: Int) throws(TableError) -> [UInt8] {
        let place = try place(of: index)
        guard let (end, next) = try reader.skipRecord(from: place) else {
            throw noSuchRow(index)
        }
        cursor = (index + 1, next)
        let start = try reader.skipBlankLines(from: place).offset
        return try reader.bytes(from: start, to: end)
    }

    /// The records from the first row to the end, read in order through one large buffer: what
    /// drawing a whole file streams through.
    func recordStream() -> CSVRecordStream {
        CSVRecordStream(reader, from: checkpoints.first ?? frontier)
    }

    private func place(of index: Int) throws(TableError) -> CSVReader.Place {
        guard index >= 0, try rowCount(upTo: index + 1) > index else {
            throw noSuchRow(index)
        }
        if let cursor, cursor.index == index {
            return cursor.place
        }
        let checkpoint = index / CSVFile.stride
        var place = checkpoints[checkpoint]
        for _ in 0..<(index - checkpoint * CSVFile.stride) {
            guard let (_, next) = try reader.skipRecord(from: place) else { throw noSuchRow(index) }
            place = next
        }
        return place
    }

    private func noSuchRow(_ index: Int) -> TableError {
        TableError(.noSuchRow, operation: "read CSV", subject: name, reason: "there is no row \(index)")
    }
}
