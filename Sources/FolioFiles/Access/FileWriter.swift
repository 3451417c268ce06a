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
    /// Where the part already handed to the device for writing ends.
    private var writebackStarted: UInt64 = 0
    /// How much is written before the device is asked to start writing it: an upload of a
    /// gigabyte is then mostly on the device when it ends, and the one `fsync` at the commit
    /// waits only for the rest, instead of for all of it.
    static let writebackWindow: UInt64 = 8 << 20
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
        startWriteback()
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
        startWriteback()
    }

    /// Asks the device to start writing each whole window written since the last one, without
    /// waiting. Only a hint: where the filesystem does not take it, the commit's `fsync` does it all.
    private func startWriteback() {
        let window = FileWriter.writebackWindow
        guard bytesWritten - writebackStarted >= window else { return }
        let length = (bytesWritten - writebackStarted) / window * window
        try? descriptor.startWriteback(from: Int64(writebackStarted), length: Int64(length))
        writebackStarted += length
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
