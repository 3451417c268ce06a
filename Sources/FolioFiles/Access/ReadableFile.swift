import FolioSandbox
import FolioSystem
import Foundation

/// A file open for reading that any thread may read at any offset, and hand on: what a server
/// sends as a download.
///
/// Made by ``Files/openForReading(_:)``. It reads only at offsets (`pread`), so it keeps no
/// position and is `Sendable`; it reads the file it opened even if the name is later given to
/// another. ``makeFileHandle()`` gives code that takes a Foundation `FileHandle` — an HTTP
/// server sending the file with `sendfile` — a descriptor of its own on the same open file. The
/// file closes when the last reference goes away.
///
/// ```swift
/// let file = try files.openForReading(SandboxPath(parsing: "tmp/big"))
/// let response = HTTPResponse(body: .file(try file.makeFileHandle(), offset: 0, length: try file.size()))
/// ```
public final class ReadableFile: Sendable {
    /// The file's container path.
    public let path: SandboxPath
    private let descriptor: FileDescriptor

    init(descriptor: FileDescriptor, path: SandboxPath) {
        self.descriptor = descriptor
        self.path = path
    }

    /// The file's size now.
    ///
    /// - Throws: ``FileError``.
    public func size() throws(FileError) -> UInt64 {
        do {
            return try descriptor.status(full: false).size
        } catch {
            throw FileError(error, operation: "stat", subject: path.description)
        }
    }

    /// The version of the open file, for a later conditional save.
    ///
    /// - Throws: ``FileError``.
    public func version() throws(FileError) -> FileVersion {
        do {
            return FileVersion(try descriptor.status(full: false))
        } catch {
            throw FileError(error, operation: "stat", subject: path.description)
        }
    }

    /// Reads up to `count` bytes at `offset`; fewer at the end of the file.
    ///
    /// - Throws: ``FileError``.
    public func read(upTo count: Int, at offset: UInt64) throws(FileError) -> Data {
        do {
            return Data(try descriptor.read(upTo: count, at: Int64(offset)))
        } catch {
            throw FileError(error, operation: "read", subject: path.description)
        }
    }

    /// A Foundation handle on the same open file, with a descriptor of its own that closes when
    /// the handle is released: for code that takes a `FileHandle`. Reading through it moves the
    /// handle's offset, which this file does not use.
    ///
    /// - Throws: ``FileError`` when no descriptor is left (`tooManyOpenFiles`).
    public func makeFileHandle() throws(FileError) -> FileHandle {
        do {
            return FileHandle(fileDescriptor: try descriptor.duplicateUnowned(), closeOnDealloc: true)
        } catch {
            throw FileError(error, operation: "open", subject: path.description)
        }
    }
}
