import FolioFiles
import FolioSandbox
import Foundation

extension Archiver {
    /// Archives `value` into the file at `path`, atomically: the file holds the old archive or
    /// the new one, never a torn mix, even after a crash.
    ///
    /// - Parameter options: how the file is written (atomic, private, and replacing by default;
    ///   `.exclusive` to refuse an existing file).
    /// - Throws: ``ArchiveError``: `.unencodable`, or a file-system code (`alreadyExists`, …).
    public func archive<Value: Codable>(
        _ value: Value,
        to path: SandboxPath,
        in files: Files,
        options: WriteOptions = WriteOptions()
    ) throws(ArchiveError) {
        let data: Data
        do {
            data = try encode(value)
        } catch {
            throw ArchiveError(error.code, operation: "archive", subject: path.description, reason: error.reason)
        }
        do {
            try files.write(data, to: path, options: options)
        } catch {
            throw ArchiveError(error, operation: "archive")
        }
    }

    /// Reads a `Value` from the archive at `path`.
    ///
    /// - Throws: ``ArchiveError``: `.corrupt`, `.wrongType`, `.newerVersion`, `.migrationFailed`,
    ///   or a file-system code (`notFound`, `tooLarge`, …).
    public func unarchive<Value: Codable>(_ type: Value.Type, from path: SandboxPath, in files: Files)
        throws(ArchiveError) -> Value
    {
        try decode(type, from: read(path, in: files), subject: path.description)
    }

    /// What the archive at `path` holds, without decoding the value.
    public func header(at path: SandboxPath, in files: Files) throws(ArchiveError) -> ArchiveHeader {
        try header(of: read(path, in: files), subject: path.description)
    }

    /// The bytes of the archive at `path`, up to ``sizeLimit``.
    private func read(_ path: SandboxPath, in files: Files) throws(ArchiveError) -> Data {
        do {
            return try files.contents(of: path, limit: sizeLimit)
        } catch {
            throw ArchiveError(error, operation: "unarchive")
        }
    }
}
