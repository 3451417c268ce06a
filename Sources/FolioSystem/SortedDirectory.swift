import CFolioSystem
import Glibc

/// A directory's entries read whole and sorted by name, byte-wise (what `LC_ALL=C ls` shows).
///
/// The names are kept as NUL-terminated bytes in one buffer and sorted as offsets into it with
/// `memcmp`, so sorting costs no allocation and no reference counting per name; a `String` is made
/// only for the entry being returned, and ``statusOfLastEntry(full:)`` describes it from the buffer.
package final class SortedDirectory {
    private let directory: FileDescriptor
    private var names: [CChar] = []
    private var records: [(offset: Int32, length: Int32, type: UInt8, inode: UInt64)] = []
    private var position = 0
    /// The error that stopped reading, if any (the entries before it are still returned).
    package let error: SystemError?

    /// Reads every entry of `reader`'s directory and sorts them.
    package init(_ reader: DirectoryReader, directory: FileDescriptor) {
        self.directory = directory
        var names: [CChar] = []
        var records: [(offset: Int32, length: Int32, type: UInt8, inode: UInt64)] = []
        reader.forEachRawEntry { name, length, type, inode in
            records.append((Int32(names.count), Int32(length), type, inode))
            names.append(contentsOf: UnsafeBufferPointer(start: name, count: length + 1))
        }
        error = reader.error
        names.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            records.sort { left, right in
                let common = Int(Swift.min(left.length, right.length))
                let order = memcmp(base + Int(left.offset), base + Int(right.offset), common)
                return order != 0 ? order < 0 : left.length < right.length
            }
        }
        self.names = names
        self.records = records
    }

    /// The next entry in name order, or nil at the end.
    package func next() -> DirectoryEntry? {
        guard position < records.count else { return nil }
        let record = records[position]
        position += 1
        return names.withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress.map { $0 + Int(record.offset) }
            let bytes = UnsafeRawBufferPointer(start: start, count: Int(record.length))
            let utf8 = bytes.bindMemory(to: UInt8.self)
            let valid = String(validating: utf8, as: UTF8.self)
            return DirectoryEntry(
                name: valid ?? String(decoding: utf8, as: UTF8.self),
                kind: FileKind(directoryEntryType: record.type), inode: record.inode, isNameValid: valid != nil,
                invalidName: valid == nil ? Array(utf8) : nil)
        }
    }

    /// The status of the entry ``next()`` returned last, never following a link.
    ///
    /// The corresponding C function is `statx` relative to the directory.
    package func statusOfLastEntry(full: Bool) throws(SystemError) -> FileStatus {
        guard position > 0 else { throw SystemError(.invalidArgument, call: "statx") }
        let offset = Int(records[position - 1].offset)
        var raw = folio_stat()
        let descriptor = directory.rawValue
        let result = names.withUnsafeBufferPointer { buffer -> Result<Void, SystemError> in
            guard let base = buffer.baseAddress else { return .failure(SystemError(.invalidArgument, call: "statx")) }
            return Result { () throws(SystemError) in
                _ = try retryingInterrupts("statx") {
                    folio_statx(descriptor, base + offset, folio_at_symlink_nofollow, full ? 1 : 0, &raw)
                }
            }
        }
        try result.get()
        return FileStatus(raw)
    }
}
