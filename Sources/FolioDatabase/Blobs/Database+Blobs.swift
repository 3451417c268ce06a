import CSQLite

extension Database {
    /// Opens incremental access to the BLOB in `column` of the row whose rowid is `row`.
    ///
    /// ```swift
    /// let blob = try db.openBlob(table: "images", column: "data", row: 1)
    /// let header = try blob.read(count: 8, at: 0)
    /// ```
    /// The corresponding C function is `sqlite3_blob_open`.
    /// - Parameters:
    ///   - database: the schema, `main` unless another database is attached.
    ///   - forWriting: open for writing as well as reading.
    /// - Throws: ``DatabaseError`` when the table, column or row does not exist, the value is not a
    ///   BLOB or text, or the column is indexed (for writing).
    public func openBlob(
        table: String,
        column: String,
        row: Int64,
        database: String = "main",
        forWriting: Bool = false
    ) throws(DatabaseError) -> Blob {
        let pointer = try connection.open("open blob")
        var blob: OpaquePointer?
        let result = sqlite3_blob_open(pointer, database, table, column, row, forWriting ? 1 : 0, &blob)
        let location = "\(table).\(column) row \(row)"
        guard result == SQLITE_OK, let blob else {
            var error = connection.error(result, operation: "open blob")
            error.subject = location
            throw error
        }
        return Blob(pointer: blob, connection: connection, isWritable: forWriting, location: location)
    }
}
