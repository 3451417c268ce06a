import CLibArchive
import FolioCore
import FolioSandbox
import Foundation

/// Writes a zip archive entry by entry, handing the archive's bytes to a sink as they are made:
/// memory stays bounded whatever the size of the entries. A thin wrapper over libarchive's zip
/// writer (deflate, Zip64 for large entries).
///
/// ```swift
/// let writer = try ZipWriter { bytes in try output.write(contentsOf: bytes) }
/// try writer.addDirectory("Folder/", modified: now)
/// try writer.addFile("Folder/a.txt", size: 5, modified: now) { write in try write(Array("hello".utf8)) }
/// try writer.finish()
/// ```
/// A writer belongs to one task at a time.
public final class ZipWriter {
    /// What libarchive calls back into: the sink, and the first error it threw.
    private final class Sink {
        let write: ([UInt8]) throws -> Void
        var failure: (any Error)?

        init(_ write: @escaping ([UInt8]) throws -> Void) {
            self.write = write
        }
    }

    /// libarchive's `AE_IFDIR` and `AE_IFREG` (macros with casts, which Swift does not import).
    private static let directoryType: UInt32 = 0o040000
    private static let regularFileType: UInt32 = 0o100000

    private let archive: OpaquePointer
    private let sink: Sink
    private var isFinished = false

    /// Starts an archive whose bytes go to `sink`, in blocks, in order.
    /// - Throws: ``ZipError`` `.archiveFailed` when libarchive cannot start one.
    public init(sink: @escaping ([UInt8]) throws -> Void) throws(ZipError) {
        guard let archive = archive_write_new() else {
            throw ZipError(
                .archiveFailed, operation: "zip", subject: "", reason: "libarchive could not start an archive")
        }
        self.archive = archive
        self.sink = Sink(sink)
        guard archive_write_set_format_zip(archive) == ARCHIVE_OK,
            archive_write_set_bytes_in_last_block(archive, 1) == ARCHIVE_OK
        else {
            let error = ZipWriter.error(archive, subject: "")
            archive_write_free(archive)
            throw error
        }
        let context = Unmanaged.passUnretained(self.sink).toOpaque()
        let opened = archive_write_open2(
            archive, context, nil,
            { _, context, buffer, length in
                guard let context, let buffer else { return -1 }
                let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                let bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
                do {
                    try sink.write(bytes)
                } catch {
                    if sink.failure == nil { sink.failure = error }
                    return -1
                }
                return la_ssize_t(length)
            }, nil, nil)
        guard opened == ARCHIVE_OK else {
            let error = ZipWriter.error(archive, subject: "")
            archive_write_free(archive)
            throw error
        }
    }

    deinit {
        if !isFinished {
            archive_write_fail(archive)
        }
        archive_write_free(archive)
    }

    /// Adds a directory entry `name` (ending in `/`).
    /// - Throws: ``ZipError``.
    public func addDirectory(_ name: String, modified: UTCTime?, permissions: UInt32 = 0o755) throws(ZipError) {
        try addEntry(name, type: ZipWriter.directoryType, size: 0, modified: modified, permissions: permissions)
        try check(archive_write_finish_entry(archive), name)
    }

    /// Adds a file entry `name` of `size` bytes, whose contents `produce` writes with the function it
    /// is given (exactly `size` bytes in all).
    /// - Throws: ``ZipError``, or what `produce` throws.
    public func addFile(
        _ name: String,
        size: UInt64,
        modified: UTCTime?,
        permissions: UInt32 = 0o644,
        _ produce: (_ write: ([UInt8]) throws(ZipError) -> Void) throws -> Void
    ) throws {
        try addEntry(name, type: ZipWriter.regularFileType, size: size, modified: modified, permissions: permissions)
        try produce { (bytes: [UInt8]) throws(ZipError) in
            let written = bytes.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
            if written < 0 || written != bytes.count {
                throw failure(name)
            }
        }
        try check(archive_write_finish_entry(archive), name)
    }

    /// Writes the archive's central directory and the last block.
    /// - Throws: ``ZipError``.
    public func finish() throws(ZipError) {
        isFinished = true
        try check(archive_write_close(archive), "")
    }

    private func addEntry(_ name: String, type: UInt32, size: UInt64, modified: UTCTime?, permissions: UInt32)
        throws(ZipError)
    {
        guard let entry = archive_entry_new() else {
            throw ZipError(
                .archiveFailed, operation: "zip", subject: name, reason: "libarchive could not make an entry")
        }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname_utf8(entry, name)
        archive_entry_set_filetype(entry, type)
        archive_entry_set_perm(entry, mode_t(permissions & 0o777))
        archive_entry_set_size(entry, la_int64_t(clamping: size))
        if let modified {
            archive_entry_set_mtime(entry, time_t(modified.secondsSince1970), Int(modified.nanoseconds))
        }
        try check(archive_write_header(archive, entry), name)
    }

    private func check(_ status: Int32, _ subject: String) throws(ZipError) {
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN else { throw failure(subject) }
    }

    /// The sink's own error when it failed, else libarchive's message.
    private func failure(_ subject: String) -> ZipError {
        if let fileError = sink.failure as? FileError {
            return ZipError(fileError, operation: "zip")
        }
        if let failure = sink.failure {
            return ZipError(
                .systemError, operation: "zip", subject: subject, reason: "writing the archive failed: \(failure)")
        }
        return ZipWriter.error(archive, subject: subject)
    }

    private static func error(_ archive: OpaquePointer, subject: String) -> ZipError {
        let message = archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
        return ZipError(.archiveFailed, operation: "zip", subject: subject, reason: "libarchive: \(message)")
    }
}
