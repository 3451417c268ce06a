import CFolioSystem
import Glibc

/// Inode flags read and set with `FS_IOC_GETFLAGS` / `FS_IOC_SETFLAGS`.
package struct InodeFlags: OptionSet, Sendable, Hashable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The file cannot be changed, renamed, linked to or removed (`FS_IMMUTABLE_FL`).
    package static let immutable = InodeFlags(rawValue: folio_fs_immutable_fl)
    /// The file can only be appended to (`FS_APPEND_FL`).
    package static let appendOnly = InodeFlags(rawValue: folio_fs_append_fl)
    /// The file is skipped by dump(8) (`FS_NODUMP_FL`).
    package static let noDump = InodeFlags(rawValue: folio_fs_nodump_fl)
}

extension FileDescriptor {
    /// Sets the permission bits of this file.
    ///
    /// The corresponding C function is `fchmod`.
    package func setPermissions(_ mode: UInt32) throws(SystemError) {
        _ = try retryingInterrupts("fchmod") { fchmod(rawValue, mode_t(mode)) }
    }

    /// Sets the owner and group of this file; `nil` leaves one unchanged.
    ///
    /// The corresponding C function is `fchown`.
    package func setOwner(user: UInt32?, group: UInt32?) throws(SystemError) {
        let unchanged = UInt32.max
        _ = try retryingInterrupts("fchown") { fchown(rawValue, user ?? unchanged, group ?? unchanged) }
    }

    /// Sets the access and modification times of this file; `nil` leaves one unchanged.
    ///
    /// The corresponding C function is `futimens`.
    package func setTimes(accessed: Timestamp?, modified: Timestamp?) throws(SystemError) {
        let omit = folio_utime_omit
        _ = try retryingInterrupts("futimens") {
            folio_utimensat(
                rawValue, nil,
                accessed?.seconds ?? 0, accessed.map { Int($0.nanoseconds) } ?? omit,
                modified?.seconds ?? 0, modified.map { Int($0.nanoseconds) } ?? omit, 0)
        }
    }

    /// Sets the times of `name` in this directory without following a symbolic link.
    ///
    /// The corresponding C function is `utimensat(AT_SYMLINK_NOFOLLOW)`.
    package func setTimes(of name: String, accessed: Timestamp?, modified: Timestamp?) throws(SystemError) {
        let omit = folio_utime_omit
        _ = try retryingInterrupts("utimensat", path: name) {
            name.withCString {
                folio_utimensat(
                    rawValue, $0,
                    accessed?.seconds ?? 0, accessed.map { Int($0.nanoseconds) } ?? omit,
                    modified?.seconds ?? 0, modified.map { Int($0.nanoseconds) } ?? omit,
                    folio_at_symlink_nofollow)
            }
        }
    }

    /// The value of the extended attribute `name`, or nil when the file does not have it.
    ///
    /// The corresponding C function is `fgetxattr`.
    package func extendedAttribute(_ name: String) throws(SystemError) -> [UInt8]? {
        var capacity = 256
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = name.withCString { key in
                buffer.withUnsafeMutableBytes { folio_fgetxattr(rawValue, key, $0.baseAddress, capacity) }
            }
            if count >= 0 {
                return Array(buffer[0..<count])
            }
            let error = Errno.current
            switch error {
            case .noAttribute: return nil
            case Errno(ERANGE): capacity *= 4
            case .interrupted: continue
            default: throw SystemError(error, call: "fgetxattr", path: name)
            }
        }
    }

    /// Sets the extended attribute `name`.
    ///
    /// The corresponding C function is `fsetxattr`.
    package func setExtendedAttribute(_ name: String, to value: [UInt8]) throws(SystemError) {
        _ = try retryingInterrupts("fsetxattr", path: name) {
            name.withCString { key in
                value.withUnsafeBytes { folio_fsetxattr(rawValue, key, $0.baseAddress, $0.count, 0) }
            }
        }
    }

    /// Removes the extended attribute `name`; succeeds when it was not there.
    ///
    /// The corresponding C function is `fremovexattr`.
    package func removeExtendedAttribute(_ name: String) throws(SystemError) {
        let result = name.withCString { folio_fremovexattr(rawValue, $0) }
        if result != 0 && Errno.current != .noAttribute {
            throw SystemError(Errno.current, call: "fremovexattr", path: name)
        }
    }

    /// The inode flags of this file.
    ///
    /// The corresponding C call is `ioctl(FS_IOC_GETFLAGS)`.
    package func inodeFlags() throws(SystemError) -> InodeFlags {
        var flags: Int32 = 0
        _ = try retryingInterrupts("ioctl(FS_IOC_GETFLAGS)") { folio_get_inode_flags(rawValue, &flags) }
        return InodeFlags(rawValue: flags)
    }

    /// Sets the inode flags of this file.
    ///
    /// The corresponding C call is `ioctl(FS_IOC_SETFLAGS)`.
    package func setInodeFlags(_ flags: InodeFlags) throws(SystemError) {
        _ = try retryingInterrupts("ioctl(FS_IOC_SETFLAGS)") { folio_set_inode_flags(rawValue, flags.rawValue) }
    }
}
