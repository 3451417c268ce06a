import CSQLite
import Glibc
import Synchronization

/// The SQLite VFS for databases inside a container: the unix VFS, except that file names are
/// taken as given instead of being made canonical.
///
/// A database inside a container is opened as `/proc/self/fd/<directory>/<name>`, where
/// `<directory>` is a descriptor resolved beneath the container (`openat2` with
/// `RESOLVE_BENEATH`). The kernel follows such a path to the directory the descriptor holds,
/// whatever happens to the path's text meanwhile. SQLite's own unix VFS would instead replace the
/// `/proc/self/fd/<directory>` link with the directory's path as a string, and open the database,
/// its journal and its WAL by that string: a symbolic link swapped into it later would lead
/// outside. This VFS keeps the descriptor path, so every file SQLite opens, creates or deletes
/// for the connection stays in the confined directory.
///
/// It accepts only such names, and only for directories a live connection holds, so SQL cannot
/// reach other files through it either (`ATTACH '/etc/x'` and `VACUUM INTO` fail with
/// ``DatabaseError/Code/cannotOpen``).
final class ConfinedFileSystem: @unchecked Sendable {
    // Safety: `vfs` is written once in `init` and then only read by SQLite; `directories` is a Mutex.

    /// The name the VFS is registered under.
    static let name = "folio-confined"
    /// The VFS, registered on first use.
    static let shared = ConfinedFileSystem()

    private let vfs: UnsafeMutablePointer<sqlite3_vfs>?
    /// The directory descriptors live connections hold, with how many connections hold each.
    private let directories = Mutex<[Int32: Int]>([:])
    private static let prefix = "/proc/self/fd/"

    private init() {
        guard let unix = sqlite3_vfs_find("unix") else {
            vfs = nil
            return
        }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: unix.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafePointer(strdup(ConfinedFileSystem.name))
        vfs.pointee.xFullPathname = { _, name, capacity, output in
            guard let name, let output else { return SQLITE_CANTOPEN }
            let path = String(cString: name)
            guard ConfinedFileSystem.shared.accepts(path) else { return SQLITE_CANTOPEN }
            let length = strlen(name)
            guard length < Int(capacity) else { return SQLITE_CANTOPEN }
            memcpy(output, name, length + 1)
            return SQLITE_OK
        }
        self.vfs = sqlite3_vfs_register(vfs, 0) == SQLITE_OK ? vfs : nil
    }

    /// Whether the VFS is registered (it is unless SQLite lacks its unix VFS).
    var isAvailable: Bool { vfs != nil }

    /// The name SQLite opens for `name` in the directory `descriptor`, which connections may now use.
    func path(of name: String, in descriptor: Int32) -> String {
        directories.withLock { $0[descriptor, default: 0] += 1 }
        return ConfinedFileSystem.prefix + "\(descriptor)/" + name
    }

    /// Stops accepting names in `descriptor` once no connection holds it.
    func forget(_ descriptor: Int32) {
        directories.withLock { held in
            if let count = held[descriptor], count > 1 {
                held[descriptor] = count - 1
            } else {
                held[descriptor] = nil
            }
        }
    }

    /// Whether `path` is `/proc/self/fd/<held descriptor>/<name>` with a plain name.
    private func accepts(_ path: String) -> Bool {
        guard path.hasPrefix(ConfinedFileSystem.prefix) else { return false }
        let rest = path.dropFirst(ConfinedFileSystem.prefix.count)
        guard let slash = rest.firstIndex(of: "/"), let descriptor = Int32(rest[..<slash]) else { return false }
        let name = rest[rest.index(after: slash)...]
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else { return false }
        return directories.withLock { $0[descriptor] != nil }
    }
}
