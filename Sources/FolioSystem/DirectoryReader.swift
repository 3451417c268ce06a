import CFolioSystem
import Glibc

/// One entry of a directory as `getdents64` reports it.
package struct DirectoryEntry: Sendable {
    /// The entry's name; invalid UTF-8 is repaired with U+FFFD (see ``isNameValid``).
    package var name: String
    /// The type the filesystem reported, or `.unknown` (then a `statx` tells).
    package var kind: FileKind
    /// The inode number.
    package var inode: UInt64
    /// False when the on-disk name was not valid UTF-8 and ``name`` is a repaired copy.
    package var isNameValid: Bool
    /// The on-disk name's bytes when it is not valid UTF-8 (nil otherwise), so that the entry can
    /// still be opened: its repaired ``name`` names nothing on disk.
    package var invalidName: [UInt8]?

    /// The name as the system calls take it: the bytes on disk when they are not UTF-8.
    package var nameOnDisk: EntryName { EntryName(text: name, bytes: invalidName) }

    package init(name: String, kind: FileKind, inode: UInt64, isNameValid: Bool, invalidName: [UInt8]? = nil) {
        self.name = name
        self.kind = kind
        self.inode = inode
        self.isNameValid = isNameValid
        self.invalidName = invalidName
    }
}

/// Reads the entries of an open directory in large batches, skipping `.` and `..`.
///
/// The corresponding C function is `getdents64`. Reading a directory costs one system call per
/// batch of entries (a 64 KiB buffer holds about two thousand), not one per entry.
package final class DirectoryReader: IteratorProtocol {
    private let directory: FileDescriptor
    private var buffer: UnsafeMutableRawBufferPointer
    private var length = 0
    private var offset = 0
    private var finished = false
    /// The name of the entry ``next()`` returned last, inside the batch buffer (valid until the next call).
    private var lastName: UnsafePointer<CChar>?
    /// The first error the reader met; iteration ends when one occurs.
    package private(set) var error: SystemError?

    /// Starts reading `directory`, which must have been opened for reading with `.directory`.
    package init(_ directory: FileDescriptor, bufferSize: Int = 1 << 16) {
        self.directory = directory
        self.buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    package func next() -> DirectoryEntry? {
        var found: DirectoryEntry?
        _ = nextRaw { namePointer, length, type, inode in
            let valid = String(validatingCString: namePointer)
            found = DirectoryEntry(
                name: valid ?? String(cString: namePointer),
                kind: FileKind(directoryEntryType: type),
                inode: inode,
                isNameValid: valid != nil,
                invalidName: valid == nil
                    ? namePointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                        Array(UnsafeBufferPointer(start: $0, count: length))
                    } : nil
            )
        }
        return found
    }

    /// Calls `body` with each remaining entry's NUL-terminated name (valid only during the call),
    /// its length, `d_type` and inode.
    package func forEachRawEntry(_ body: (UnsafePointer<CChar>, Int, UInt8, UInt64) -> Void) {
        while nextRaw({ name, length, type, inode in body(name, length, type, inode) }) {}
    }

    /// Hands the next entry to `body`; false at the end or after an error.
    private func nextRaw(_ body: (UnsafePointer<CChar>, Int, UInt8, UInt64) -> Void) -> Bool {
        while true {
            if offset >= length {
                if finished { return false }
                let count = folio_getdents64(directory.rawValue, buffer.baseAddress, buffer.count)
                if count < 0 {
                    let errno = Errno.current
                    if errno == .interrupted { continue }
                    error = SystemError(errno, call: "getdents64")
                    finished = true
                    return false
                }
                if count == 0 {
                    finished = true
                    return false
                }
                length = count
                offset = 0
            }
            var inode: UInt64 = 0
            var type: UInt8 = 0
            var namePointer: UnsafePointer<CChar>?
            let recordLength = folio_dirent_at(buffer.baseAddress, length, offset, &inode, &type, &namePointer)
            guard recordLength > 0, let namePointer else {
                error = SystemError(.invalidArgument, call: "getdents64")
                finished = true
                return false
            }
            offset += recordLength
            // Skip "." and "..".
            if namePointer[0] == 0x2E && (namePointer[1] == 0 || (namePointer[1] == 0x2E && namePointer[2] == 0)) {
                continue
            }
            lastName = namePointer
            body(namePointer, strlen(namePointer), type, inode)
            return true
        }
    }

    /// The status of the entry ``next()`` returned last, described by the name still in the batch
    /// buffer (saving the conversion of the name back to a C string).
    ///
    /// The corresponding C function is `statx` relative to the directory, never following a link.
    package func statusOfLastEntry(full: Bool) throws(SystemError) -> FileStatus {
        guard let lastName else { throw SystemError(.invalidArgument, call: "statx") }
        var raw = folio_stat()
        let descriptor = directory.rawValue
        _ = try retryingInterrupts("statx") {
            folio_statx(descriptor, lastName, folio_at_symlink_nofollow, full ? 1 : 0, &raw)
        }
        return FileStatus(raw)
    }
}
