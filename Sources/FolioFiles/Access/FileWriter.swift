import FolioSandbox
import FolioSystem
import Foundation

/// A file being written in pieces — an upload arriving chunk by chunk — that appears under its
/// name only when ``commit()`` is called.
///
/// Made by ``Files/makeWriter(to:options:)``. With atomic options (the default) nothing is visible
/// until ``commit()``, and a writer released or ``cancel()``ed without committing leaves no trace
/// and the old file (if any) untouched. A writer belongs to one task at a time.
public final class FileWriter {
    /// The file's container path.
    public let path: SandboxPath
    /// Bytes written so far.
    public private(set) var bytesWritten: UInt64 = 0
    private let pending: PendingFile?
    private let descriptor: FileDescriptor

    init(path: SandboxPath, pending: PendingFile) {
        self.path = path
        self.pending = pending
        self.descriptor = pending.descriptor
    }

    init(path: SandboxPath, inPlace descriptor: FileDescriptor) {
        self.path = path
        self.pending = nil
        self.descriptor = descriptor
    }

    /// Appends `chunk` (a chunk of an upload, say), without copying it.
    public func write(_ chunk: RawSpan) throws(FileError) {
        do {
            try descriptor.writeAll(chunk)
            bytesWritten += UInt64(chunk.byteCount)
        } catch {
            throw FileError(error, operation: "write", subject: path.description)
        }
    }

    /// Appends `bytes`.
    public func write<Bytes: DataProtocol>(_ bytes: Bytes) throws(FileError) {
        do {
            for region in bytes.regions {
                try descriptor.writeAll(region)
                bytesWritten += UInt64(region.count)
            }
        } catch {
            throw FileError(error, operation: "write", subject: path.description)
        }
    }

    /// Flushes the file and gives it its name (replacing the old file, or failing with
    /// `.alreadyExists` for an exclusive write).
    public func commit() throws(FileError) {
        do {
            if let pending {
                try pending.commit()
            } else {
                try descriptor.sync()
            }
        } catch {
            if error.errno == .fileExists {
                throw FileError(
                    .alreadyExists, operation: "write", subject: path.description,
                    reason: "\(path) already exists", errno: error.errno.rawValue)
            }
            throw FileError(error, operation: "write", subject: path.description)
        }
    }

    /// Gives up: nothing appears, and an existing file is left as it was. (A non-atomic writer has
    /// already changed the file in place.)
    public func cancel() {
        pending?.abandon()
    }

    /// A low-level handle on the file being written, for positional writes.
    var openFile: OpenFile {
        OpenFile(descriptor: descriptor, path: path, mode: .writing)
    }
}
