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
    /// The file's container path: after a ``commit()`` that kept both, the numbered name it took.
    public private(set) var path: SandboxPath
    /// Whether ``commit()`` replaced a file that had the name (false for a new name, a kept
    /// numbered one, or a file written in place).
    public private(set) var replacedExisting = false
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
    /// The names to try in turn at the commit, for a writer that keeps both; nil to use `path`.
    private let candidates: NumberedNames?

    init(path: SandboxPath, pending: PendingFile, candidates: NumberedNames? = nil) {
        self.path = path
        self.pending = pending
        self.descriptor = pending.descriptor
        self.candidates = candidates
    }

    init(path: SandboxPath, inPlace descriptor: FileDescriptor) {
        self.path = path
        self.pending = nil
        self.descriptor = descriptor
        self.candidates = nil
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

    /// Flushes the file and gives it its name (replacing the old file, failing with
    /// `.alreadyExists` for an exclusive write, or taking the first free numbered name for one
    /// that keeps both).
    /// - Returns: the path the file now has (``path``).
    @discardableResult
    public func commit() throws(FileError) -> SandboxPath {
        do {
            if let pending, let candidates, let parent = path.parent {
                let name = try pending.commit(firstFreeOf: candidates)
                do {
                    path = try parent.appending(name)
                } catch {
                    // Every candidate is a valid name: the rule that numbers them keeps them so.
                    preconditionFailure("the numbered name \(name) is not a valid name: \(error)")
                }
            } else if let pending {
                replacedExisting = try pending.commit()
            } else {
                try descriptor.sync()
            }
        } catch {
            if error.errno == .fileExists {
                throw FileError(
                    .alreadyExists, operation: "write", subject: path.description,
                    reason: candidates == nil
                        ? "\(path) already exists" : "every numbered variant of the name is taken",
                    errno: error.errno.rawValue)
            }
            throw FileError(error, operation: "write", subject: path.description)
        }
        return path
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
