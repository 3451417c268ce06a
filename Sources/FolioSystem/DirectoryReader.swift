import CFolioSystem

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
        while true {
            if offset >= length {
                if finished { return nil }
                let count = folio_getdents64(directory.rawValue, buffer.baseAddress, buffer.count)
                if count < 0 {
                    let errno = Errno.current
                    if errno == .interrupted { continue }
                    error = SystemError(errno, call: "getdents64")
                    finished = true
                    return nil
                }
                if count == 0 {
                    finished = true
                    return nil
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
                return nil
            }
            offset += recordLength
            // Skip "." and "..".
            if namePointer[0] == 0x2E && (namePointer[1] == 0 || (namePointer[1] == 0x2E && namePointer[2] == 0)) {
                continue
            }
            let valid = String(validatingCString: namePointer)
            return DirectoryEntry(
                name: valid ?? String(cString: namePointer),
                kind: FileKind(directoryEntryType: type),
                inode: inode,
                isNameValid: valid != nil
            )
        }
    }
}
