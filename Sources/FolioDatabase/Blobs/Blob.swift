import CSQLite
import Foundation

/// Incremental access to one BLOB: read and write it in pieces, without holding it in memory.
///
/// A BLOB's size is fixed when its row is written; reserve the space with SQL's `zeroblob(N)`,
/// then fill it piece by piece:
///
/// ```swift
/// try db.execute("INSERT INTO images (name, data) VALUES (?, zeroblob(?))", "photo.png", size)
/// let blob = try db.openBlob(table: "images", column: "data", row: db.lastInsertedRowID, forWriting: true)
/// try blob.write(from: input)       // a FileHandle, read 1 MiB at a time
/// try blob.close()
/// ```
///
/// Like its ``Database``, a blob is not `Sendable`, and it keeps its connection open until it is
/// closed or released. When its row is changed or deleted by other means, the handle expires and
/// every access fails with ``DatabaseError/Code/abort``. The corresponding C type is `sqlite3_blob`.
public final class Blob {
    private var pointer: OpaquePointer?
    private let connection: ConnectionHandle
    /// The BLOB's size in bytes.
    public private(set) var count: Int
    /// Whether the blob was opened for writing.
    public let isWritable: Bool
    /// `table.column`, for messages.
    private let location: String

    init(pointer: OpaquePointer, connection: ConnectionHandle, isWritable: Bool, location: String) {
        self.pointer = pointer
        self.connection = connection
        self.isWritable = isWritable
        self.location = location
        count = Int(sqlite3_blob_bytes(pointer))
    }

    deinit {
        if let pointer {
            sqlite3_blob_close(pointer)
        }
    }

    /// Reads `buffer.count` bytes starting at `offset` into `buffer`, reusing its storage.
    ///
    /// - Throws: ``DatabaseError`` `.outOfRange` when the range passes the end, `.abort` when
    ///   the handle expired.
    public func read(into buffer: inout Data, at offset: Int) throws(DatabaseError) {
        let pointer = try open("read blob")
        try checkRange(offset, buffer.count, operation: "read blob")
        guard !buffer.isEmpty else { return }
        let result = buffer.withUnsafeMutableBytes { bytes in
            sqlite3_blob_read(pointer, bytes.baseAddress, Int32(bytes.count), Int32(offset))
        }
        if result != SQLITE_OK {
            throw failure(result, operation: "read blob")
        }
    }

    /// `count` bytes starting at `offset`.
    ///
    /// - Throws: ``DatabaseError`` as ``read(into:at:)`` does.
    public func read(count: Int, at offset: Int) throws(DatabaseError) -> Data {
        var data = Data(count: count)
        try read(into: &data, at: offset)
        return data
    }

    /// Writes `bytes` starting at `offset`; the BLOB's size does not change.
    ///
    /// - Throws: ``DatabaseError`` `.readOnly` for a blob opened for reading, `.outOfRange` when
    ///   the bytes would pass the end, `.abort` when the handle expired.
    public func write(_ bytes: some ContiguousBytes, at offset: Int) throws(DatabaseError) {
        let pointer = try open("write blob")
        guard isWritable else {
            throw DatabaseError(
                .readOnly, message: "the blob was opened for reading", operation: "write blob", subject: location)
        }
        let result = bytes.withUnsafeBytes { buffer -> Int32? in
            guard offset >= 0, buffer.count <= count - offset else { return nil }
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return SQLITE_OK }
            return sqlite3_blob_write(pointer, base, Int32(buffer.count), Int32(offset))
        }
        guard let result else {
            throw DatabaseError(
                .outOfRange, message: "writing past the end of a BLOB of \(count) bytes (offset \(offset))",
                operation: "write blob", subject: location)
        }
        if result != SQLITE_OK {
            throw failure(result, operation: "write blob")
        }
    }

    /// Moves the handle to the same column of another row, faster than opening a new one.
    ///
    /// The corresponding C function is `sqlite3_blob_reopen`.
    /// - Throws: ``DatabaseError`` when the row does not exist or its value is not a BLOB or text
    ///   (the handle is unusable then).
    public func reopen(row: Int64) throws(DatabaseError) {
        let pointer = try open("reopen blob")
        let result = sqlite3_blob_reopen(pointer, row)
        if result != SQLITE_OK {
            throw failure(result, operation: "reopen blob")
        }
        count = Int(sqlite3_blob_bytes(pointer))
    }

    /// Closes the handle; further use fails with ``DatabaseError/Code/misuse``.
    ///
    /// - Throws: ``DatabaseError`` when closing reports an error (for a handle opened for writing,
    ///   a failure to save the last changes).
    public func close() throws(DatabaseError) {
        guard let pointer else { return }
        self.pointer = nil
        let result = sqlite3_blob_close(pointer)
        if result != SQLITE_OK {
            throw connection.error(result, operation: "close blob")
        }
    }

    private func open(_ operation: String) throws(DatabaseError) -> OpaquePointer {
        guard let pointer else {
            throw DatabaseError(.misuse, message: "the blob is closed", operation: operation, subject: location)
        }
        return pointer
    }

    private func checkRange(_ offset: Int, _ length: Int, operation: String) throws(DatabaseError) {
        guard offset >= 0, length >= 0, length <= count - offset else {
            throw DatabaseError(
                .outOfRange,
                message: "bytes \(offset)..<\(offset + length) are outside a BLOB of \(count) bytes",
                operation: operation, subject: location)
        }
    }

    private func failure(_ result: Int32, operation: String) -> DatabaseError {
        var error = connection.error(result, operation: operation)
        error.subject = location
        return error
    }
}
