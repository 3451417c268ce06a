import Foundation

/// One page of a table's or a query's rows: what ``Database/page(_:limits:)`` returns, the rows
/// the web app's table view and `folio table show --sql` show.
///
/// Values are as stored, except BLOBs, which are summarised (``BlobSummary``: their size and first
/// bytes) and never copied whole: a page of photos costs a few bytes per photo.
public struct RowPage: Sendable, Hashable {
    /// A value of a row.
    public enum Value: Sendable, Hashable {
        /// Any value but a BLOB, as stored.
        case stored(DatabaseValue)
        /// A BLOB, by its size and first bytes.
        case blob(BlobSummary)
    }

    /// The column names (for a table with rowids, without the rowid).
    public var columns: [String]
    /// The rows, each with one value per column.
    public var rows: [[Value]]
    /// Each row's rowid, for a table that has them; nil otherwise.
    public var rowIDs: [Int64]?
    /// The first row's position, from 0.
    public var offset: Int
    /// The number of rows, counted as the request asked (so at most its bound); nil when not counted.
    public var total: Int?
    /// The offset of the next page, or nil when this page holds the last row.
    public var next: Int?

    /// A page of the given rows.
    public init(
        columns: [String], rows: [[Value]], rowIDs: [Int64]? = nil, offset: Int, total: Int?, next: Int?
    ) {
        self.columns = columns
        self.rows = rows
        self.rowIDs = rowIDs
        self.offset = offset
        self.total = total
        self.next = next
    }
}

/// A BLOB as a page shows it: its size and its first bytes, enough to say what it holds.
public struct BlobSummary: Sendable, Hashable {
    /// How many of the first bytes a summary keeps.
    public static let headLength = 16

    /// The size in bytes.
    public var size: Int
    /// The first bytes (at most ``headLength``).
    public var head: Data

    /// A summary of a BLOB of `size` bytes starting with `head`.
    public init(size: Int, head: Data) {
        self.size = size
        self.head = head.prefix(BlobSummary.headLength)
    }

    /// The summary of the whole of `bytes`.
    public init(of bytes: Data) {
        self.init(size: bytes.count, head: bytes.prefix(BlobSummary.headLength))
    }

    /// What the first bytes say the BLOB holds, for the common kinds: its media type and a name
    /// for people.
    public var kind: (mediaType: String, name: String)? {
        BlobSummary.signatures.first { head.starts(with: $0.bytes) }.map { ($0.mediaType, $0.name) }
    }

    /// The media type the first bytes show (PNG, JPEG, GIF, PDF, ZIP, gzip, SQLite), else
    /// `application/octet-stream`: the `Content-Type` a BLOB is sent with.
    public var mediaType: String {
        kind?.mediaType ?? "application/octet-stream"
    }

    private static let signatures: [(bytes: [UInt8], mediaType: String, name: String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png", "PNG image"),
        ([0xFF, 0xD8, 0xFF], "image/jpeg", "JPEG image"),
        (Array("GIF8".utf8), "image/gif", "GIF image"),
        (Array("%PDF".utf8), "application/pdf", "PDF document"),
        ([0x50, 0x4B, 0x03, 0x04], "application/zip", "ZIP archive"),
        ([0x1F, 0x8B], "application/gzip", "gzip data"),
        (Array("SQLite format 3".utf8), "application/vnd.sqlite3", "SQLite database"),
    ]
}
