import FolioFiles
import FolioSandbox

/// A table file in the container opened for editing: its ``TableDocument``, and saving the
/// edits back over the file only if nobody changed it since it was read.
///
/// The version is taken from the open file itself, so a change between opening and reading
/// cannot slip through. ``save()`` writes the whole table to a temporary file beside the old
/// one and swaps it in atomically (``FolioFiles/Files/replace(_:ifUnchangedSince:_:)``): the
/// rows nobody touched keep their bytes, the file keeps its permissions, and when the file
/// changed meanwhile nothing is written and the call fails with a conflict, so neither the
/// other change nor the edits are lost (the edits stay in the document).
///
/// ```swift
/// let file = try TableFile(SandboxPath(parsing: "Documents/people.csv"), in: files, options: TableOptions())
/// let table = TableView(dataSource: file.document.dataSource)
/// table.setEditing(true)
/// try table.commit(.delete, forRowAt: IndexPath(row: 0, section: 0))
/// try file.save()
/// ```
public final class TableFile {
    /// Where the file is.
    public let path: SandboxPath
    /// The table read from it.
    public let document: TableDocument
    /// The version the next save writes over: the one read, then the one each save wrote.
    public private(set) var version: FileVersion
    private let files: Files

    /// Opens `path` and reads it as a table (CSV and TSV lazily).
    ///
    /// - Parameter sizeLimit: the largest file accepted, when memory must stay bounded (JSON and
    ///   XML are parsed whole).
    /// - Throws: ``FolioSandbox/FileError`` when the file cannot be opened, `.tooLarge` past
    ///   `sizeLimit`; ``TableError`` when its contents do not read as the format.
    public init(_ path: SandboxPath, in files: Files, options: TableOptions, sizeLimit: Int? = nil) throws {
        let file = try files.openForReading(path)
        self.path = path
        self.files = files
        if let sizeLimit, try file.size() > UInt64(max(0, sizeLimit)) {
            throw FileError(
                .tooLarge, operation: "read table", subject: path.description,
                reason: "the file is larger than the \(sizeLimit >> 20) MiB a table is read from here")
        }
        version = try file.version()
        var options = options
        if options.format == nil && options.rowsXPath != nil {
            options.format = .xml
        }
        document = try TableDocument(bytes: ContainerFileBytes(file), name: path.description, options: options)
    }

    /// Writes the edited table over the file, atomically, if it is still at ``version``.
    ///
    /// - Returns: the new version (the basis of the next save).
    /// - Throws: ``FolioSandbox/FileError`` `.conflict` when the file changed or went since it was
    ///   read (nothing is written); ``TableError`` `.unsupportedFormat` for XML; read and write
    ///   errors.
    @discardableResult
    public func save() throws -> FileVersion {
        let document = self.document
        version = try files.replace(path, ifUnchangedSince: version) { file in
            try document.write { bytes in try file.write(bytes) }
        }
        return version
    }
}

/// A file in the container read at any offset, for the lazy table sources.
final class ContainerFileBytes: RandomAccessBytes {
    private let file: ReadableFile

    init(_ file: ReadableFile) {
        self.file = file
    }

    func read(at offset: Int64, count: Int) throws(TableError) -> [UInt8] {
        do {
            return [UInt8](try file.read(upTo: count, at: UInt64(offset)))
        } catch {
            throw TableError(
                .readFailed, operation: "read", subject: error.subject, reason: error.reason, underlying: error)
        }
    }
}
