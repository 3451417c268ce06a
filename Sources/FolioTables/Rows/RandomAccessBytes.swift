import Glibc

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
    private let descriptor: Int32
    /// The path it was opened with, for messages.
    public let path: String

    /// Opens `path` for reading.
    ///
    /// - Throws: ``TableError`` `.readFailed` when it cannot be opened.
    public init(path: String) throws(TableError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TableError(
                .readFailed, operation: "open", subject: path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    public func read(at offset: Int64, count: Int) throws(TableError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var total = 0
        while total < count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress?.advanced(by: total), count - total, off_t(offset) + off_t(total))
            }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw TableError(
                    .readFailed, operation: "read", subject: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            total += n
        }
        bytes.removeLast(count - total)
        return bytes
    }
}
