import Foundation

extension Blob {
    /// Fills the blob from `input`, reading `chunkSize` bytes at a time, starting at `offset`.
    ///
    /// Memory use is one chunk whatever the size of the BLOB.
    /// - Returns: the number of bytes written, which stops at the end of the input or of the blob.
    /// - Throws: ``DatabaseError`` from writing, or the error reading `input` threw.
    @discardableResult
    public func write(from input: FileHandle, at offset: Int = 0, chunkSize: Int = 1 << 20) throws -> Int {
        var position = offset
        while position < count {
            let wanted = min(chunkSize, count - position)
            guard let chunk = try input.read(upToCount: wanted), !chunk.isEmpty else { break }
            try write(chunk, at: position)
            position += chunk.count
        }
        return position - offset
    }

    /// Writes the blob's bytes from `offset` to its end into `output`, `chunkSize` bytes at a time.
    ///
    /// Memory use is one chunk whatever the size of the BLOB.
    /// - Throws: ``DatabaseError`` from reading, or the error writing `output` threw.
    public func read(into output: FileHandle, from offset: Int = 0, chunkSize: Int = 1 << 20) throws {
        var buffer = Data(count: min(chunkSize, max(0, count - offset)))
        var position = offset
        while position < count {
            let length = min(chunkSize, count - position)
            if buffer.count != length {
                buffer = Data(count: length)
            }
            try read(into: &buffer, at: position)
            try output.write(contentsOf: buffer)
            position += length
        }
    }
}
