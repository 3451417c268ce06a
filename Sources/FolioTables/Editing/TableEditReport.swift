/// What one edit of a table file did: the rows deleted, inserted or moved (only the key of what
/// was done is present), the number of rows now, and the file's new version. `folio table edit
/// --json` prints it and the web app's table routes answer with it.
///
/// ```json
/// {"path":"Documents/simpsons.csv","inserted":{"indexPath":"0.3","label":"“Maggie” (Baby)"},"rows":10,
///  "version":"803-1a2b-2c4-67a1b2c3.1a2b3c4"}
/// ```
public struct TableEditReport: Codable, Hashable, Sendable {
    /// A row an edit touched: where it is (or was, for a deleted row) and its label.
    public struct Row: Codable, Hashable, Sendable {
        /// The row's index path, `section.row`.
        public var indexPath: String
        /// Its text (and detail) in quotes, as messages show it.
        public var label: String

        /// A row at `indexPath`, shown as `label`.
        public init(indexPath: String, label: String) {
            self.indexPath = indexPath
            self.label = label
        }
    }

    /// The file's container path.
    public var path: String
    /// The rows deleted, in the order they were given.
    public var deleted: [Row]?
    /// The row inserted.
    public var inserted: Row?
    /// The row moved, at its new place.
    public var moved: Row?
    /// The number of rows in the table now.
    public var rows: Int
    /// The file's version after the edit was saved: the basis of the next edit.
    public var version: String

    /// A report; give exactly one of `deleted`, `inserted` and `moved`.
    public init(
        path: String, deleted: [Row]? = nil, inserted: Row? = nil, moved: Row? = nil, rows: Int, version: String
    ) {
        self.path = path
        self.deleted = deleted
        self.inserted = inserted
        self.moved = moved
        self.rows = rows
        self.version = version
    }
}
