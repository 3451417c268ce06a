import FolioSandbox
import FolioSystem
import Foundation

/// An open file for low-level access: the `NSFileHandle` role (read, write, update, seek, write
/// in place, truncate, sync).
///
/// Positional reads and writes (``read(upTo:at:)``, ``write(_:at:)``) touch only the bytes named,
/// so patching a few bytes of a 10 GiB file costs a few bytes of I/O. An `OpenFile` belongs to one
/// task at a time (it is not `Sendable`); it closes itself when released, or with ``close()``.
///
/// ```swift
/// let file = try files.open(SandboxPath(parsing: "Documents/fileNew.txt"), mode: .updating)
/// try file.seek(to: 11)
/// try file.write(Data(" modified ".utf8))
/// try file.close()
/// ```
public final class OpenFile {
    /// How a file is opened.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Read only.
        case reading
        /// Write only, from the start, without truncating.
        case writing
        /// Read and write.
        case updating
        /// Write only, every write at the end.
        case appending

        var flags: OpenFlags {
            switch self {
            case .reading: []
            case .writing: [.writeOnly]
            case .updating: [.readWrite]
            case .appending: [.writeOnly, .append]
            }
        }
    }

    /// The file's container path.
    public let path: SandboxPath
    /// How it was opened.
    public let mode: Mode
    private var descriptor: FileDescriptor?

    init(descriptor: FileDescriptor, path: SandboxPath, mode: Mode) {
        self.descriptor = descriptor
        self.path = path
        self.mode = mode
    }

    private func open(_ operation: String) throws(FileError) -> FileDescriptor {
        guard let descriptor else {
            throw FileError(
                .invalidArgument, operation: operation, subject: path.description, reason: "the file is closed")
        }
        return descriptor
    }

    private func fail(_ error: SystemError, _ operation: String) -> FileError {
        FileError(error, operation: operation, subject: path.description)
    }

    /// Reads up to `count` bytes at the current offset and advances it; fewer at the end of the file.
    public func read(upTo count: Int) throws(FileError) -> Data {
        let descriptor = try open("read")
        do {
            return Data(try descriptor.read(upTo: count))
        } catch {
            throw fail(error, "read")
        }
    }

    /// Reads up to `count` bytes at `offset` without moving the current offset (`pread`).
    public func read(upTo count: Int, at offset: UInt64) throws(FileError) -> Data {
        let descriptor = try open("read")
        do {
            return Data(try descriptor.read(upTo: count, at: Int64(offset)))
        } catch {
            throw fail(error, "read")
        }
    }

    /// Reads from the current offset to the end.
    ///
    /// - Parameter limit: the most bytes accepted (`.tooLarge` beyond it), to keep memory bounded.
    public func readToEnd(limit: Int = Int.max) throws(FileError) -> Data {
        let descriptor = try open("read")
        do {
            return Data(try descriptor.readToEnd(limit: limit))
        } catch  where error.errno == .fileTooLarge {
            throw FileError(
                .tooLarge, operation: "read", subject: path.description,
                reason: "the file is larger than the \(limit)-byte limit")
        } catch {
            throw fail(error, "read")
        }
    }

    /// Calls `body` with successive chunks from the current offset to the end, with bounded memory.
    ///
    /// One buffer of `size` bytes serves every chunk, so reading costs no allocation per chunk;
    /// a chunk `body` keeps is copied when the next one is read.
    /// - Throws: ``FileError`` when reading fails, or what `body` throws.
    public func forEachChunk(size: Int = 1 << 16, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        try open("read").forEachChunk(size: size, failure: { fail($0, "read") }, body)
    }

    /// Writes `bytes` at the current offset (at the end in `.appending` mode) and advances it.
    public func write<Bytes: DataProtocol>(_ bytes: Bytes) throws(FileError) {
        let descriptor = try open("write")
        do {
            for region in bytes.regions {
                try descriptor.writeAll(region)
            }
        } catch {
            throw fail(error, "write")
        }
    }

    /// Writes `bytes` at `offset` without moving the current offset (`pwrite`); only those bytes
    /// are written, whatever the file's size.
    public func write<Bytes: DataProtocol>(_ bytes: Bytes, at offset: UInt64) throws(FileError) {
        let descriptor = try open("write")
        var position = Int64(offset)
        do {
            for region in bytes.regions {
                try descriptor.writeAll(region, at: position)
                position += Int64(region.count)
            }
        } catch {
            throw fail(error, "write")
        }
    }

    /// Moves the current offset to `offset` from the start (`seekToFileOffset:`).
    public func seek(to offset: UInt64) throws(FileError) {
        let descriptor = try open("seek")
        do {
            try descriptor.seek(to: Int64(offset))
        } catch {
            throw fail(error, "seek")
        }
    }

    /// Moves the current offset to the end and returns it.
    @discardableResult
    public func seekToEnd() throws(FileError) -> UInt64 {
        let descriptor = try open("seek")
        do {
            return UInt64(try descriptor.seek(to: 0, from: .end))
        } catch {
            throw fail(error, "seek")
        }
    }

    /// The current offset.
    public func offset() throws(FileError) -> UInt64 {
        let descriptor = try open("seek")
        do {
            return UInt64(try descriptor.seek(to: 0, from: .current))
        } catch {
            throw fail(error, "seek")
        }
    }

    /// The file's current size.
    public func size() throws(FileError) -> UInt64 {
        let descriptor = try open("stat")
        do {
            return try descriptor.status(full: false).size
        } catch {
            throw fail(error, "stat")
        }
    }

    /// Cuts or extends (with zeros) the file to `length` bytes.
    public func truncate(to length: UInt64) throws(FileError) {
        let descriptor = try open("truncate")
        do {
            try descriptor.truncate(to: Int64(length))
        } catch {
            throw fail(error, "truncate")
        }
    }

    /// Flushes the file's data and metadata to the device (`fsync`).
    public func synchronize() throws(FileError) {
        let descriptor = try open("sync")
        do {
            try descriptor.sync()
        } catch {
            throw fail(error, "sync")
        }
    }

    /// Closes the file; later calls fail. Closing twice is harmless.
    public func close() throws(FileError) {
        descriptor = nil
    }

    /// The descriptor, for Folio's own streaming copies.
    package var underlyingDescriptor: FileDescriptor? { descriptor }
}
