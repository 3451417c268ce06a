import FolioSystem

/// Bytes that can be read at any offset: a file, or bytes in memory.
///
/// Lazy sources such as ``CSVFile`` read through this, a window at a time, so they never hold a
/// whole file. A program that confines its file access (Folio's container) wraps its own
/// descriptors in a type of its own.
public protocol RandomAccessBytes: AnyObject {
    /// Up to `count` bytes from `offset`; fewer only at the end, none past it.
    func read(at offset: Int64, count: Int) throws(TableError) -> [UInt8]
}

/// Bytes held in memory.
public final class MemoryBytes: RandomAccessBytes {
    /// The bytes.
    public let bytes: [UInt8]

    /// Wraps `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Wraps the UTF-8 of `text`.
    public convenience init(_ text: String) {
        self.init(Array(text.utf8))
    }

    public func read(at offset: Int64, count: Int) throws(TableError) -> [UInt8] {
        guard offset >= 0, offset < Int64(bytes.count) else { return [] }
        let start = Int(offset)
        return Array(bytes[start..<min(bytes.count, start + count)])
    }
}

/// A file on the host, opened read-only by path and read with `pread`.
public final class FileBytes: RandomAccessBytes {
    private let descriptor: FileDescriptor
    /// The path it was opened with, for messages.
    public let path: String

    /// Opens `path` for reading.
    ///
    /// - Throws: ``TableError`` `.readFailed` when it cannot be opened, with the error number.
    public init(path: String) throws(TableError) {
        do {
            descriptor = try FileDescriptor.open(absolute: path, flags: .readOnly)
        } catch {
            throw FileBytes.failure(error, operation: "open", path: path)
        }
        self.path = path
    }

    public func read(at offset: Int64, count: Int) throws(TableError) -> [UInt8] {
        do {
            return try descriptor.read(upTo: count, at: offset)
        } catch {
            throw FileBytes.failure(error, operation: "read", path: path)
        }
    }

    private static func failure(_ error: SystemError, operation: String, path: String) -> TableError {
        TableError(
            .readFailed, operation: operation, subject: path, reason: error.reason, errno: error.errno.rawValue)
    }
}
