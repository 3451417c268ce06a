import FolioSandbox
import FolioSystem

extension Database {
    /// Opens (or creates) a database inside a Folio container, confined to it.
    ///
    /// ```swift
    /// let container = try Container(root: Container.defaultRoot(), bundle: FolioResources.bundleDirectory)
    /// let db = try Database(SandboxPath(parsing: "Library/Database/financial.db"), in: container)
    /// let sample = try Database(SandboxPath(parsing: "Folio.app/financial.db"), in: container, mode: .readOnly)
    /// ```
    ///
    /// The directory that holds the database is resolved beneath the container once (symbolic
    /// links that lead outside are refused), and SQLite then reaches the database, its journal
    /// and its WAL through that directory's descriptor, which the connection keeps open: the
    /// files stay in that directory even if a path component is swapped for a link meanwhile.
    /// Whatever the SQL, the connection cannot open, create or change a file outside the
    /// container: `ATTACH` and `VACUUM INTO` take container paths (`ATTACH 'Documents/other.db'
    /// AS other`) resolved the same way, and refuse absolute paths, URIs and links that lead out;
    /// temporary files go to `tmp/`; extensions cannot be loaded. A database attached from the
    /// bundle is read-only.
    /// The database file itself must not be a symbolic link. A new database is created with mode
    /// 0600; the bundle (`Folio.app/`) opens only with ``OpenMode/readOnly``.
    /// - Throws: ``DatabaseError``: `.cannotOpen` with ``DatabaseError/fileError`` set when the
    ///   path is refused (outside the container, in the read-only bundle, a missing directory),
    ///   `.cannotOpen` for a missing file without ``OpenMode/create`` (opened ``OpenMode/readWrite``,
    ///   the reason says that `create` makes a new database), `.notADatabase` for a file
    ///   that is not an SQLite database.
    public convenience init(
        _ path: SandboxPath,
        in container: Container,
        mode: OpenMode = .create,
        configuration: Configuration = Configuration()
    ) throws(DatabaseError) {
        let operation = "open database"
        let entry: ResolvedEntry
        do {
            entry = try container.entry(path, forWriting: mode.isWritable, operation: operation)
        } catch {
            throw DatabaseError(
                error.code == .readOnly ? .readOnly : .cannotOpen, message: error.reason, operation: operation,
                subject: path.description, fileError: error)
        }
        try Database.prepareFile(entry, mode: mode)
        let fileSystem = try ConfinedFileSystem(container: container)
        let name = fileSystem.path(of: entry.name, in: entry.directory, isWritable: path.area.isWritable)
        try self.init(
            opening: name, mode: mode, fileSystem: fileSystem, name: path.description, configuration: configuration)
    }

    /// Checks that the database file is a regular file, or creates it (mode 0600) for `.create`.
    private static func prepareFile(_ entry: ResolvedEntry, mode: OpenMode) throws(DatabaseError) {
        let subject = entry.path.description
        let status: FileStatus
        do {
            status = try entry.directory.status(of: entry.name, followSymbolicLinks: false, full: false)
        } catch  where error.errno == .noSuchFile {
            guard mode == .create else {
                // Opened to write, the database could have been created: say how.
                let hint = mode == .readWrite ? " (open it with create to make a new database)" : ""
                throw DatabaseError(
                    .cannotOpen, message: "there is no database file here" + hint, operation: "open database",
                    subject: subject,
                    fileError: FileError(error, operation: "open database", subject: subject))
            }
            do {
                let file = try entry.directory.open(
                    entry.name, flags: [.create, .exclusive, .readWrite, .noFollow], mode: 0o600)
                try file.setPermissions(0o600)
            } catch  where error.errno == .fileExists {
                // Created by someone else meanwhile: SQLite opens it below.
            } catch {
                throw DatabaseError(
                    .cannotOpen, message: "cannot create the database file: \(error.errno)",
                    operation: "open database", subject: subject,
                    fileError: FileError(error, operation: "open database", subject: subject))
            }
            return
        } catch {
            throw DatabaseError(
                .cannotOpen, message: "\(error.errno)", operation: "open database", subject: subject,
                fileError: FileError(error, operation: "open database", subject: subject))
        }
        switch status.kind {
        case .regular:
            return
        case .symbolicLink:
            throw DatabaseError(
                .cannotOpen, extendedCode: .cannotOpenSymbolicLink,
                message: "the database file is a symbolic link; open the file it points to instead",
                operation: "open database", subject: subject)
        case .directory:
            throw DatabaseError(
                .cannotOpen, message: "this is a directory, not a database file", operation: "open database",
                subject: subject)
        default:
            throw DatabaseError(
                .cannotOpen, message: "this is not a regular file", operation: "open database", subject: subject)
        }
    }
}
