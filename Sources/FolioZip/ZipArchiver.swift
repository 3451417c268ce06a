import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// Zips items of a container — files, and directories with everything in them — for a download
/// of several at once.
///
/// Every item is read through the sandbox: each is a ``SandboxPath`` opened with the container's
/// confined resolution, so a link that leads outside the Home is refused like any other read, and
/// the symbolic links found inside a directory are left out (never followed). An item that cannot
/// be read does not stop the others: it is named in ``ZipReport/failures``, and in a
/// `Not included.txt` entry at the end of the archive, so nothing is silently lost.
///
/// ```swift
/// let zip = try ZipArchiver(files: files).makeZip(of: [report, photos])
/// // zip.file: an unnamed temporary file of zip.size bytes
/// ```
public struct ZipArchiver: Sendable {
    /// The files the items are read from.
    public let files: Files
    /// How many bytes are read and written at a time.
    static let chunkSize = 256 << 10

    /// An archiver reading from `files`.
    public init(files: Files) {
        self.files = files
    }

    /// Writes a zip of `paths` into a new unnamed temporary file (gone when the handle is closed),
    /// so a server can send it with `sendfile` while memory stays bounded.
    /// - Throws: ``ZipError``: `.empty` for no paths, `.systemError` when the archive cannot be written.
    /// - Complexity: O(n) in the items and bytes zipped.
    public func makeZip(of paths: [SandboxPath]) throws(ZipError) -> ZipFile {
        guard !paths.isEmpty else {
            throw ZipError(.empty, operation: "zip", subject: "", reason: "no items were given to zip")
        }
        let handle = try ZipArchiver.makeScratchFile()
        let writer = try ZipWriter { bytes in try handle.write(contentsOf: bytes) }
        let failures = try write(paths, to: writer)
        try writer.finish()
        let size: UInt64
        do {
            size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
        } catch {
            throw ZipError(.systemError, operation: "zip", subject: "", reason: "the archive file failed: \(error)")
        }
        return ZipFile(file: handle, size: size, report: ZipReport(failures: failures))
    }

    /// Adds `paths` (each under its own name; two items with the same name get `name 2`, …) and
    /// a `Not included.txt` entry naming the items that could not be read.
    /// - Returns: the items left out, and why.
    /// - Throws: ``ZipError`` when the archive itself cannot be written.
    public func write(_ paths: [SandboxPath], to writer: ZipWriter) throws(ZipError) -> [ZipFailure] {
        var failures: [ZipFailure] = []
        var used: Set<String> = []
        for path in paths {
            let name = FileName.numberedVariants(of: path.name ?? "Home").first { !used.contains($0) } ?? "item"
            used.insert(name)
            do {
                let attributes = try files.attributes(of: path, followSymbolicLinks: true)
                if attributes.type == .directory {
                    try addTree(path, as: name, modified: attributes.modificationTime, to: writer, failures: &failures)
                } else {
                    try addFile(path, as: name, to: writer)
                }
            } catch let error as FileError {
                failures.append(ZipFailure(path: path.description, reason: error.reason))
            } catch let error as ZipError where error.fileError != nil {
                failures.append(ZipFailure(path: path.description, reason: error.reason))
            } catch let error as ZipError {
                throw error
            } catch {
                failures.append(ZipFailure(path: path.description, reason: "\(error)"))
            }
        }
        if !failures.isEmpty {
            let text = failures.map { "\($0.path): \($0.reason)\n" }.joined()
            let bytes = Array(("These items could not be included:\n" + text).utf8)
            let name = FileName.numberedVariants(of: "Not included.txt").first { !used.contains($0) } ?? "failures"
            do {
                try writer.addFile(name, size: UInt64(bytes.count), modified: nil) { write in try write(bytes) }
            } catch let error as ZipError {
                throw error
            } catch {
                throw ZipError(.archiveFailed, operation: "zip", subject: name, reason: "\(error)")
            }
        }
        return failures
    }

    /// Adds the file at `path` as `name`: exactly the size it had when opened (a file that grows
    /// meanwhile is cut there; one that shrinks fails, and is reported).
    private func addFile(_ path: SandboxPath, as name: String, to writer: ZipWriter) throws {
        let file = try files.openForReading(path)
        let size = try file.size()
        let attributes = try files.attributes(of: path, followSymbolicLinks: true)
        try writer.addFile(
            name, size: size, modified: attributes.modificationTime, permissions: attributes.posixPermissions
        ) { write in
            var offset: UInt64 = 0
            while offset < size {
                let chunk = try file.read(upTo: Int(min(UInt64(ZipArchiver.chunkSize), size - offset)), at: offset)
                guard !chunk.isEmpty else {
                    throw FileError(
                        .systemError, operation: "zip", subject: path.description,
                        reason: "the file shrank while it was read")
                }
                try write(Array(chunk))
                offset += UInt64(chunk.count)
            }
        }
    }

    /// Adds the directory at `path` and everything in it under `name/`, depth first, without
    /// following links; what cannot be read inside is reported and skipped.
    private func addTree(
        _ path: SandboxPath, as name: String, modified: UTCTime?, to writer: ZipWriter, failures: inout [ZipFailure]
    ) throws {
        var pending: [(SandboxPath, String, UTCTime?)] = [(path, name, modified)]
        while let (directory, prefix, modified) = pending.popLast() {
            try writer.addDirectory(prefix + "/", modified: modified)
            let entries: [WalkEntry]
            do {
                entries = try files.contentsOfDirectory(directory, detail: .basic, includesHidden: true)
            } catch {
                failures.append(ZipFailure(path: directory.description, reason: error.reason))
                continue
            }
            for entry in entries.reversed() {
                let child = try directory.appending(entry.name)
                let entryName = prefix + "/" + entry.name
                switch entry.type {
                case .directory:
                    pending.append((child, entryName, entry.modificationTime))
                case .regular:
                    do {
                        try addFile(child, as: entryName, to: writer)
                    } catch let error as FileError {
                        failures.append(ZipFailure(path: child.description, reason: error.reason))
                    } catch let error as ZipError where error.fileError != nil {
                        failures.append(ZipFailure(path: child.description, reason: error.reason))
                    }
                default:
                    failures.append(
                        ZipFailure(
                            path: child.description, reason: "only files and folders are zipped (a \(entry.type))"))
                }
            }
        }
    }

    /// An unnamed, private temporary file, removed by the system when its handle is closed.
    private static func makeScratchFile() throws(ZipError) -> FileHandle {
        guard let stream = tmpfile() else {
            throw ZipError(.systemError, operation: "zip", subject: "", reason: "no temporary file for the archive")
        }
        defer { fclose(stream) }
        let descriptor = dup(fileno(stream))
        guard descriptor >= 0 else {
            throw ZipError(.systemError, operation: "zip", subject: "", reason: "no temporary file for the archive")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}

/// A zip made by ``ZipArchiver/makeZip(of:)``.
public struct ZipFile: @unchecked Sendable {
    // Safety: the handle is only read (by the server sending it) after the archive is complete.
    /// The archive, positioned at its start.
    public let file: FileHandle
    /// Its size in bytes.
    public let size: UInt64
    /// What was left out.
    public let report: ZipReport
}

/// What a zip left out.
public struct ZipReport: Sendable, Hashable, Encodable {
    /// The items that could not be read, and why.
    public var failures: [ZipFailure]
}

/// An item a zip left out.
public struct ZipFailure: Sendable, Hashable, Encodable {
    /// Its container path.
    public var path: String
    /// Why it could not be included.
    public var reason: String
}
