extension FileDescriptor {
    /// Copies everything from this file's current offset to `destination`'s current offset.
    ///
    /// The copy runs inside the kernel with `copy_file_range` (which lets the filesystem share or
    /// offload the data); where that is not possible (another filesystem on older kernels, special
    /// files) it falls back to `read`/`write` with a 1 MiB buffer. Memory stays bounded for any size.
    /// - Parameter progress: called after each chunk with the bytes copied so far.
    /// - Returns: the number of bytes copied.
    /// - Complexity: O(n) in the bytes copied.
    @discardableResult
    package func copyContents(
        to destination: FileDescriptor,
        progress: ((UInt64) -> Void)? = nil
    ) throws(SystemError) -> UInt64 {
        var total: UInt64 = 0
        let chunk = 1 << 30
        while true {
            let copied: Int
            do {
                copied = try copyRange(to: destination, count: chunk)
            } catch {
                switch error.errno {
                case .crossDevice, .invalidArgument, .noSystemCall, .notSupported, .badFileDescriptor:
                    return total + (try copyByReading(to: destination, startingAt: total, progress: progress))
                default:
                    throw error
                }
            }
            if copied == 0 {
                return total
            }
            total += UInt64(copied)
            progress?(total)
        }
    }

    private func copyByReading(
        to destination: FileDescriptor,
        startingAt base: UInt64,
        progress: ((UInt64) -> Void)?
    ) throws(SystemError) -> UInt64 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var total: UInt64 = 0
        while true {
            let count = try read(into: buffer)
            if count == 0 {
                return total
            }
            try destination.writeAll(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += UInt64(count)
            progress?(base + total)
        }
    }
}
