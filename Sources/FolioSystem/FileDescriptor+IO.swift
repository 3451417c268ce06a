import CFolioSystem
import Glibc

/// Where a seek counts from.
package enum SeekOrigin: Sendable {
    case start
    case current
    case end

    var whence: Int32 {
        switch self {
        case .start: SEEK_SET
        case .current: SEEK_CUR
        case .end: SEEK_END
        }
    }
}

extension FileDescriptor {
    /// Reads up to `buffer.count` bytes at the current offset; 0 means end of file.
    ///
    /// The corresponding C function is `read`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        try retryingInterrupts("read") { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads up to `buffer.count` bytes at `offset` without moving the file offset.
    ///
    /// The corresponding C function is `pread`.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemError) -> Int {
        try retryingInterrupts("pread") { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Reads up to `buffer.count` bytes at the current offset into the start of `buffer` (its
    /// count stays); 0 means end of file. One buffer serves a whole stream of reads.
    ///
    /// The corresponding C function is `read`.
    package func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemError) -> Int in try self.read(into: bytes) }
        }.get()
    }

    /// Reads up to `count` bytes at the current offset.
    package func read(upTo count: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let result = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) -> Int in
                var total = 0
                while total < buffer.count {
                    let n = try self.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
                    if n == 0 { break }
                    total += n
                }
                return total
            }
        }
        let read = try result.get()
        bytes.removeLast(count - read)
        return bytes
    }

    /// Reads up to `count` bytes at `offset`.
    package func read(upTo count: Int, at offset: Int64) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let result = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) -> Int in
                var total = 0
                while total < buffer.count {
                    let n = try self.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]),
                        at: offset + Int64(total)
                    )
                    if n == 0 { break }
                    total += n
                }
                return total
            }
        }
        let read = try result.get()
        bytes.removeLast(count - read)
        return bytes
    }

    /// Reads from the current offset to the end of the file.
    package func readToEnd(limit: Int = Int.max) throws(SystemError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) -> Int in try self.read(into: buffer) }
            }.get()
            if n == 0 { return result }
            if result.count + n > limit {
                throw SystemError(.fileTooLarge, call: "read")
            }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// Writes all of `bytes` at the current offset, continuing after short writes.
    ///
    /// The corresponding C function is `write`.
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            offset += try retryingInterrupts("write") { Glibc.write(rawValue, rest.baseAddress, rest.count) }
        }
    }

    /// Writes all of `bytes` at `offset` without moving the file offset.
    ///
    /// The corresponding C function is `pwrite`.
    package func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(SystemError) {
        var done = 0
        while done < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[done...])
            done += try retryingInterrupts("pwrite") {
                pwrite(rawValue, rest.baseAddress, rest.count, off_t(offset + Int64(done)))
            }
        }
    }

    /// Writes all of `bytes` at the current offset, in place when they are contiguous in memory
    /// (an array, a slice of one, `Data`, a string's UTF-8), else through one copy.
    package func writeAll<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(SystemError) {
        try withContiguousBytes(of: bytes) { buffer throws(SystemError) in try writeAll(buffer) }
    }

    /// Writes all of `bytes` (a chunk of an upload, say) at the current offset, without copying.
    package func writeAll(_ bytes: RawSpan) throws(SystemError) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try writeAll(buffer) }
        }.get()
    }

    /// Writes all of `bytes` at `offset` without moving the file offset, in place when they are
    /// contiguous in memory.
    package func writeAll<Bytes: Sequence<UInt8>>(_ bytes: Bytes, at offset: Int64) throws(SystemError) {
        try withContiguousBytes(of: bytes) { buffer throws(SystemError) in try writeAll(buffer, at: offset) }
    }

    /// Moves the file offset and returns the new offset.
    ///
    /// The corresponding C function is `lseek`.
    @discardableResult
    package func seek(to offset: Int64, from origin: SeekOrigin = .start) throws(SystemError) -> Int64 {
        Int64(try retryingInterrupts("lseek") { lseek(rawValue, off_t(offset), origin.whence) })
    }

    /// Sets the file's length, cutting or extending with zeros.
    ///
    /// The corresponding C function is `ftruncate`.
    package func truncate(to length: Int64) throws(SystemError) {
        _ = try retryingInterrupts("ftruncate") { ftruncate(rawValue, off_t(length)) }
    }

    /// Flushes data and metadata to the device.
    ///
    /// The corresponding C function is `fsync`.
    package func sync() throws(SystemError) {
        _ = try retryingInterrupts("fsync") { fsync(rawValue) }
    }

    /// Starts writing the range's data to the device and returns without waiting for it, so a
    /// later ``sync()`` has little left to do; durability is still only what ``sync()`` gives.
    ///
    /// The corresponding C function is `sync_file_range` with `SYNC_FILE_RANGE_WRITE`.
    package func startWriteback(from offset: Int64, length: Int64) throws(SystemError) {
        _ = try retryingInterrupts("sync_file_range") { folio_start_writeback(rawValue, offset, length) }
    }

    /// Reserves `length` bytes from `offset` so later writes cannot run out of space.
    ///
    /// The corresponding C function is `fallocate`.
    package func allocate(from offset: Int64, length: Int64) throws(SystemError) {
        _ = try retryingInterrupts("fallocate") { folio_fallocate(rawValue, offset, length) }
    }

    /// Copies up to `count` bytes from this file's offset to `destination`'s offset, inside the
    /// kernel. Returns 0 at end of file.
    ///
    /// The corresponding C function is `copy_file_range`.
    package func copyRange(to destination: FileDescriptor, count: Int) throws(SystemError) -> Int {
        try retryingInterrupts("copy_file_range") {
            folio_copy_file_range(rawValue, nil, destination.rawValue, nil, count)
        }
    }
}

/// Calls `body` with the bytes of `bytes` in contiguous memory: their own storage when they have
/// it, else a copy.
private func withContiguousBytes<Bytes: Sequence<UInt8>>(
    of bytes: Bytes,
    _ body: (UnsafeRawBufferPointer) throws(SystemError) -> Void
) throws(SystemError) {
    let result = bytes.withContiguousStorageIfAvailable { buffer in
        Result { () throws(SystemError) in try body(UnsafeRawBufferPointer(buffer)) }
    }
    if let result {
        return try result.get()
    }
    try Array(bytes).withUnsafeBytes { buffer in
        Result { () throws(SystemError) in try body(buffer) }
    }.get()
}
