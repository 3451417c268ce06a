import CSQLite
import FolioSandbox
import FolioSystem
import Glibc
import Synchronization

/// The SQLite VFS of one connection to a database inside a container: every file SQLite opens,
/// creates or deletes for the connection lies in a directory resolved beneath the container.
///
/// Each connection registers a VFS of its own (named `folio-confined-N`), which is SQLite's unix
/// VFS with the naming replaced. A file is reached as `/proc/self/fd/<directory>/<name>`, where
/// `<directory>` is a descriptor this connection resolved beneath the container (`openat2` with
/// `RESOLVE_BENEATH`) and keeps open: the kernel follows such a path to the directory the
/// descriptor holds, whatever happens to the path's text meanwhile, so a symbolic link swapped in
/// later cannot lead outside. SQLite's own unix VFS would instead replace the link with the
/// directory's path as a string. Journals, WAL and shared-memory files are named after their
/// database and so stay beside it.
///
/// Names are taken as container paths, as everywhere else in Folio: `ATTACH 'Documents/other.db'`
/// opens that file, and `VACUUM INTO 'tmp/copy.db'` writes there. Absolute paths, `..`, URIs
/// (`file:`), links that lead outside and `/proc/self/fd/` names of descriptors this connection
/// did not resolve itself are refused. A directory in the bundle (`Folio.app/`) is opened
/// read-only whatever SQLite asks for. SQLite's temporary files (temporary tables, big sorts,
/// statement journals) go to the container's `tmp/` and are deleted as soon as they are open.
/// Loading extensions through the VFS is refused.
final class ConfinedFileSystem {
    /// A directory the connection's files may be in.
    private struct Directory {
        let descriptor: FileDescriptor
        let isWritable: Bool
        let device: UInt64
        let inode: UInt64
    }

    private struct State {
        /// The directories this connection resolved, by descriptor number.
        var directories: [Int32: Directory] = [:]
        /// The descriptor of `tmp/`, once a temporary file was needed.
        var temporaryDirectory: Int32?
        /// Why the last name was refused, for the error SQLite then reports.
        var refusal: String?
    }

    /// The container the connection is confined to.
    let container: Container
    /// The name the VFS is registered under, unique to the connection.
    let name: String
    private let vfs: UnsafeMutablePointer<sqlite3_vfs>
    /// The name of the temporary file being opened; SQLite's unix VFS keeps a pointer to it in
    /// the open file (for messages only: the file is deleted once open), so it lives as long as
    /// the connection and is reused.
    private let temporaryName: UnsafeMutablePointer<CChar>
    private let state = Mutex(State())

    private static let prefix = "/proc/self/fd/"
    private static let temporaryNameCapacity = 600
    private static let registrations = Atomic<UInt64>(0)
    /// SQLite's unix VFS, which does the file work once a name is accepted.
    private static var unix: UnsafeMutablePointer<sqlite3_vfs>? { UnixFileSystem.shared.pointer }

    /// SQLite's unix VFS, found once.
    private struct UnixFileSystem: @unchecked Sendable {
        // Safety: SQLite's own static VFS object, which nothing changes once SQLite is initialized.
        let pointer: UnsafeMutablePointer<sqlite3_vfs>?

        static let shared: UnixFileSystem = {
            SQLiteLibrary.prepare()
            return UnixFileSystem(pointer: sqlite3_vfs_find("unix"))
        }()
    }

    /// Extended result codes, which Swift does not import from sqlite3.h.
    private static let cannotOpenSymbolicLink = SQLITE_CANTOPEN | (6 << 8)
    private static let deleteFailed = SQLITE_IOERR | (10 << 8)
    private static let accessFailed = SQLITE_IOERR | (13 << 8)

    /// Registers a VFS confined to `container`, for one connection.
    ///
    /// - Throws: ``DatabaseError`` `.cannotOpen` when SQLite has no unix VFS to build on.
    init(container: Container) throws(DatabaseError) {
        guard let unix = ConfinedFileSystem.unix else {
            throw DatabaseError(
                .cannotOpen, message: "SQLite has no unix VFS to confine the database with",
                operation: "open database")
        }
        self.container = container
        name = "folio-confined-\(ConfinedFileSystem.registrations.add(1, ordering: .relaxed).newValue)"
        temporaryName = UnsafeMutablePointer<CChar>.allocate(capacity: ConfinedFileSystem.temporaryNameCapacity)
        temporaryName.initialize(repeating: 0, count: ConfinedFileSystem.temporaryNameCapacity)
        vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: unix.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.pAppData = Unmanaged.passUnretained(self).toOpaque()
        ConfinedFileSystem.installMethods(in: vfs)
        let result = sqlite3_vfs_register(vfs, 0)
        if result != SQLITE_OK {
            throw DatabaseError(
                DatabaseError.Code(rawValue: result), message: "cannot register the confined VFS",
                operation: "open database")
        }
    }

    deinit {
        sqlite3_vfs_unregister(vfs)
        free(UnsafeMutablePointer(mutating: vfs.pointee.zName))
        vfs.deinitialize(count: 1)
        vfs.deallocate()
        temporaryName.deallocate()
    }

    /// The name SQLite opens for `name` in `directory`, which this connection may now use.
    func path(of name: String, in directory: FileDescriptor, isWritable: Bool) -> String {
        ConfinedFileSystem.prefix + "\(register(directory, isWritable: isWritable))/" + name
    }

    /// Why the last name was refused, once; nil when none was.
    func takeRefusal() -> String? {
        state.withLock { state in
            defer { state.refusal = nil }
            return state.refusal
        }
    }

    /// Resolves `name`, as given to `ATTACH` or `VACUUM INTO`, to the name SQLite opens: a
    /// container path becomes `/proc/self/fd/<directory>/<name>`.
    ///
    /// - Returns: the name, or SQLite's result code after recording why it was refused.
    func resolve(_ name: String) -> Result<String, Refusal> {
        let quoted = FileName.quoted(name)
        if name.hasPrefix(ConfinedFileSystem.prefix) {
            guard own(name) != nil else {
                return refuse(
                    "\(quoted) is not a path in the Home; name a database by its path in the Home, "
                        + "such as Documents/other.db")
            }
            return .success(name)
        }
        if name.hasPrefix("file:") {
            return refuse(
                "\(quoted) is a URI, and URI file names are not accepted; name a database by its path in "
                    + "the Home, such as Documents/other.db")
        }
        let path: SandboxPath
        let entry: ResolvedEntry
        do {
            path = try SandboxPath(parsing: name)
            entry = try container.entry(path, forWriting: false, operation: "attach database")
        } catch {
            return refuse("cannot use \(quoted): \(error.reason)")
        }
        do {
            let status = try entry.directory.status(of: entry.name, followSymbolicLinks: false, full: false)
            switch status.kind {
            case .regular:
                break
            case .symbolicLink:
                return refuse(
                    "\(path) is a symbolic link; name the file it points to instead",
                    code: ConfinedFileSystem.cannotOpenSymbolicLink)
            case .directory:
                return refuse("\(path) is a directory, not a database file")
            default:
                return refuse("\(path) is not a regular file")
            }
        } catch  where error.errno == .noSuchFile {
            // A new database: SQLite creates it when it opens it (see `flags(opening:_:)`).
            if !path.area.isWritable {
                return refuse("there is no \(path), and the bundle (Folio.app) is read-only")
            }
        } catch {
            return refuse("cannot use \(path): \(error.errno)")
        }
        let descriptor = register(entry.directory, isWritable: path.area.isWritable)
        return .success(ConfinedFileSystem.prefix + "\(descriptor)/" + entry.name)
    }

    /// A refused name: SQLite's result code for it.
    struct Refusal: Error {
        let code: Int32
    }

    private func refuse(_ reason: String, code: Int32 = SQLITE_CANTOPEN) -> Result<String, Refusal> {
        state.withLock { $0.refusal = reason }
        return .failure(Refusal(code: code))
    }

    /// Keeps `descriptor` open for the connection and returns the number names use; a directory
    /// resolved again (a second `ATTACH` there) reuses the descriptor kept the first time.
    private func register(_ descriptor: FileDescriptor, isWritable: Bool) -> Int32 {
        let status: FileStatus?
        do {
            status = try descriptor.status(followSymbolicLinks: false, full: false)
        } catch {
            // Without its identity the directory is kept as a new one: only the reuse is lost.
            status = nil
        }
        return state.withLock { state in
            if let status,
                let (number, _) = state.directories.first(where: {
                    $0.value.device == status.device && $0.value.inode == status.inode
                        && $0.value.isWritable == isWritable
                })
            {
                return number
            }
            state.directories[descriptor.rawValue] = Directory(
                descriptor: descriptor, isWritable: isWritable, device: status?.device ?? 0,
                inode: status?.inode ?? 0)
            return descriptor.rawValue
        }
    }

    /// The directory of a `/proc/self/fd/<directory>/<name>` path, when it is one of this
    /// connection's and `<name>` is a plain name.
    private func own(_ path: String) -> (directory: Directory, name: Substring)? {
        guard path.hasPrefix(ConfinedFileSystem.prefix) else { return nil }
        let rest = path.dropFirst(ConfinedFileSystem.prefix.count)
        guard let slash = rest.firstIndex(of: "/"), let number = Int32(rest[..<slash]),
            String(number) == rest[..<slash]
        else { return nil }
        let name = rest[rest.index(after: slash)...]
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else { return nil }
        return state.withLock { $0.directories[number] }.map { ($0, name) }
    }

    // MARK: The VFS methods

    /// The connection's file system, from the VFS SQLite calls.
    private static func of(_ vfs: UnsafeMutablePointer<sqlite3_vfs>?) -> ConfinedFileSystem? {
        guard let data = vfs?.pointee.pAppData else { return nil }
        return Unmanaged<ConfinedFileSystem>.fromOpaque(data).takeUnretainedValue()
    }

    private static func installMethods(in vfs: UnsafeMutablePointer<sqlite3_vfs>) {
        vfs.pointee.xFullPathname = { vfs, name, capacity, output in
            guard let fileSystem = ConfinedFileSystem.of(vfs), let name, let output else { return SQLITE_CANTOPEN }
            switch fileSystem.resolve(String(cString: name)) {
            case .failure(let refusal):
                return refusal.code
            case .success(let path):
                let bytes = Array(path.utf8CString)
                guard bytes.count <= Int(capacity) else { return SQLITE_CANTOPEN }
                bytes.withUnsafeBufferPointer { buffer in
                    if let base = buffer.baseAddress {
                        output.update(from: base, count: bytes.count)
                    }
                }
                return SQLITE_OK
            }
        }
        vfs.pointee.xOpen = { vfs, name, file, flags, outFlags in
            guard let fileSystem = ConfinedFileSystem.of(vfs), let unix = ConfinedFileSystem.unix,
                let open = unix.pointee.xOpen
            else { return SQLITE_CANTOPEN }
            guard let name else {
                guard fileSystem.nameTemporaryFile() else { return SQLITE_CANTOPEN }
                return open(unix, fileSystem.temporaryName, file, flags, outFlags)
            }
            guard let flags = fileSystem.flags(opening: String(cString: name), flags) else { return SQLITE_CANTOPEN }
            return open(unix, name, file, flags, outFlags)
        }
        vfs.pointee.xDelete = { vfs, name, syncDirectory in
            guard let fileSystem = ConfinedFileSystem.of(vfs), let unix = ConfinedFileSystem.unix, let name,
                let delete = unix.pointee.xDelete,
                let (directory, _) = fileSystem.own(String(cString: name)), directory.isWritable
            else { return ConfinedFileSystem.deleteFailed }
            return delete(unix, name, syncDirectory)
        }
        vfs.pointee.xAccess = { vfs, name, flags, result in
            guard let fileSystem = ConfinedFileSystem.of(vfs), let unix = ConfinedFileSystem.unix, let name, let result,
                let access = unix.pointee.xAccess
            else { return ConfinedFileSystem.accessFailed }
            guard let (directory, _) = fileSystem.own(String(cString: name)),
                directory.isWritable || flags != SQLITE_ACCESS_READWRITE
            else {
                result.pointee = 0
                return SQLITE_OK
            }
            return access(unix, name, flags, result)
        }
        // No extensions: `load_extension` is off, and the VFS could not load one anyway.
        vfs.pointee.xDlOpen = { _, _ in nil }
        vfs.pointee.xDlError = { _, capacity, output in
            guard let output, capacity > 0 else { return }
            let message = Array("loading extensions is turned off".utf8CString.prefix(Int(capacity) - 1)) + [0]
            message.withUnsafeBufferPointer { buffer in
                if let base = buffer.baseAddress {
                    output.update(from: base, count: message.count)
                }
            }
        }
        vfs.pointee.xDlSym = { _, _, _ in nil }
        vfs.pointee.xDlClose = { _, _ in }
    }

    /// The flags to open `path` with, or nil when it is not in one of this connection's
    /// directories. A directory of the bundle opens everything read-only; a new database file
    /// is created private (0600) before SQLite opens it.
    private func flags(opening path: String, _ flags: Int32) -> Int32? {
        guard let (directory, name) = own(path) else {
            state.withLock { $0.refusal = "\(FileName.quoted(path)) is not a path in the Home" }
            return nil
        }
        var flags = flags
        if flags & SQLITE_OPEN_MAIN_DB != 0 && flags & SQLITE_OPEN_CREATE == 0 {
            do {
                _ = try directory.descriptor.status(of: String(name), followSymbolicLinks: false, full: false)
            } catch  where error.errno == .noSuchFile {
                state.withLock {
                    $0.refusal =
                        "there is no database file named \(FileName.quoted(String(name))) there, and this connection "
                        + "does not create databases"
                }
                return nil
            } catch {
                // SQLite's own open reports it.
            }
        }
        if !directory.isWritable {
            flags &= ~(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE | SQLITE_OPEN_DELETEONCLOSE)
            flags |= SQLITE_OPEN_READONLY
        } else if flags & SQLITE_OPEN_MAIN_DB != 0 && flags & SQLITE_OPEN_CREATE != 0 {
            do {
                let file = try directory.descriptor.open(
                    String(name), flags: [.create, .exclusive, .readWrite, .noFollow], mode: 0o600)
                try file.setPermissions(0o600)
            } catch  where error.errno == .fileExists {
                // An existing database; SQLite opens it as it is.
            } catch {
                state.withLock { $0.refusal = "cannot create \(FileName.quoted(String(name))): \(error.errno)" }
                return nil
            }
        }
        return flags
    }

    /// Writes a fresh name in the container's `tmp/` into `temporaryName` (ending in two NULs,
    /// as SQLite's own temporary names do); false when `tmp/` cannot be used.
    private func nameTemporaryFile() -> Bool {
        var directory = state.withLock { $0.temporaryDirectory }
        if directory == nil {
            do {
                let descriptor = try container.open(
                    .tmp, flags: [.pathOnly, .directory], operation: "create a temporary file")
                let number = register(descriptor, isWritable: true)
                state.withLock { $0.temporaryDirectory = number }
                directory = number
            } catch {
                state.withLock {
                    $0.refusal = "SQLite needs a temporary file, and tmp/ cannot be used: \(error.reason)"
                }
                return false
            }
        }
        guard let directory else { return false }
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let path = Array((ConfinedFileSystem.prefix + "\(directory)/.folio-sqlite-" + random).utf8CString) + [0]
        guard path.count <= ConfinedFileSystem.temporaryNameCapacity else { return false }
        path.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress {
                temporaryName.update(from: base, count: path.count)
            }
        }
        return true
    }
}
