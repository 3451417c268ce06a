import CFolioSystem
import Glibc

/// Flags for opening a file, translated from the C `O_*` constants.
package struct OpenFlags: OptionSet, Sendable, Hashable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Open for reading only (`O_RDONLY`, the empty set).
    package static let readOnly: OpenFlags = []
    /// Open for writing only (`O_WRONLY`).
    package static let writeOnly = OpenFlags(rawValue: O_WRONLY)
    /// Open for reading and writing (`O_RDWR`).
    package static let readWrite = OpenFlags(rawValue: O_RDWR)
    /// Create the file when it does not exist (`O_CREAT`).
    package static let create = OpenFlags(rawValue: O_CREAT)
    /// With `.create`, fail when the file exists (`O_EXCL`).
    package static let exclusive = OpenFlags(rawValue: O_EXCL)
    /// Truncate an existing file to zero length (`O_TRUNC`).
    package static let truncate = OpenFlags(rawValue: O_TRUNC)
    /// Every write goes to the end of the file (`O_APPEND`).
    package static let append = OpenFlags(rawValue: O_APPEND)
    /// Fail unless the path names a directory (`O_DIRECTORY`).
    package static let directory = OpenFlags(rawValue: folio_o_directory)
    /// Fail when the last component is a symbolic link (`O_NOFOLLOW`).
    package static let noFollow = OpenFlags(rawValue: folio_o_nofollow)
    /// Obtain a location-only descriptor (`O_PATH`).
    package static let pathOnly = OpenFlags(rawValue: folio_o_path)
    /// Create an unnamed file in the given directory (`O_TMPFILE`).
    package static let unnamedTemporary = OpenFlags(rawValue: folio_o_tmpfile)
    /// Close the descriptor in child processes after exec (`O_CLOEXEC`); Folio always sets it.
    package static let closeOnExec = OpenFlags(rawValue: folio_o_cloexec)
    /// Do not block opening or reading (`O_NONBLOCK`); used to look at metadata safely.
    package static let nonBlocking = OpenFlags(rawValue: O_NONBLOCK)
    /// Do not update the access time (`O_NOATIME`).
    package static let noAccessTime = OpenFlags(rawValue: folio_o_noatime)
}

/// How `openat2` may resolve a path.
package struct ResolveFlags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt64

    package init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Every component must stay beneath the starting directory (`RESOLVE_BENEATH`).
    package static let beneath = ResolveFlags(rawValue: folio_resolve_beneath)
    /// No `/proc` magic links (`RESOLVE_NO_MAGICLINKS`).
    package static let noMagicLinks = ResolveFlags(rawValue: folio_resolve_no_magiclinks)
    /// No symbolic links at all (`RESOLVE_NO_SYMLINKS`).
    package static let noSymbolicLinks = ResolveFlags(rawValue: folio_resolve_no_symlinks)
    /// Never cross a mount point (`RESOLVE_NO_XDEV`).
    package static let noCrossDevice = ResolveFlags(rawValue: folio_resolve_no_xdev)

    /// What Folio uses for confinement: beneath the root, no magic links.
    package static let confined: ResolveFlags = [.beneath, .noMagicLinks]
}

/// What a rename may do to an existing destination.
package enum RenameMode: Sendable {
    /// Replace the destination atomically (`rename`).
    case replace
    /// Fail with `.fileExists` when the destination exists (`RENAME_NOREPLACE`).
    case noReplace
    /// Swap source and destination atomically (`RENAME_EXCHANGE`).
    case exchange

    var flags: UInt32 {
        switch self {
        case .replace: 0
        case .noReplace: folio_rename_noreplace
        case .exchange: folio_rename_exchange
        }
    }
}
