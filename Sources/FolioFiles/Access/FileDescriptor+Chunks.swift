import FolioSandbox
import FolioSystem

extension FileDescriptor {
    /// Reads to the end in chunks of at most `size` bytes, calling `body` with each: one buffer
    /// serves every chunk, so a chunk `body` keeps is copied when the next one is read.
    ///
    /// - Parameter failure: the error a failed read is reported as.
    /// - Throws: what `failure` makes of a failed read, or what `body` throws.
    func forEachChunk(
        size: Int, failure: (SystemError) -> FileError, _ body: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count: Int
            do {
                count = try read(into: &buffer)
            } catch {
                throw failure(error)
            }
            if count == 0 { return }
            try body(buffer[0..<count])
        }
    }
}
