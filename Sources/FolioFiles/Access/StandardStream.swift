import FolioSandbox
import FolioSystem

/// One of the process's standard streams: ``input``, ``output`` or ``error``.
///
/// Reads and writes go straight to the stream (nothing is buffered here): a write writes every
/// byte, continuing after short writes, and a call a signal interrupts is retried.
///
/// ```swift
/// try StandardStream.input.forEachChunk { chunk in try StandardStream.output.write(chunk) }
/// ```
public struct StandardStream: Sendable {
    private let descriptor: FileDescriptor
    /// What messages call it: `"standard input"`, `"standard output"`, `"standard error"`.
    public let name: String

    private init(_ descriptor: FileDescriptor, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Standard input (descriptor 0).
    public static let input = StandardStream(.standardInput, name: "standard input")
    /// Standard output (descriptor 1).
    public static let output = StandardStream(.standardOutput, name: "standard output")
    /// Standard error (descriptor 2).
    public static let error = StandardStream(.standardError, name: "standard error")

    /// Whether the stream is a terminal, so a person reads or types it.
    public var isTerminal: Bool {
        descriptor.isTerminal
    }

    /// Writes all of `bytes`.
    ///
    /// - Throws: ``FileError``; a reader that has gone (a closed pipe) is `EPIPE` in its
    ///   ``FileError/errno`` when `SIGPIPE` is ignored.
    public func write(_ bytes: some Sequence<UInt8>) throws(FileError) {
        do {
            try descriptor.writeAll(bytes)
        } catch {
            throw FileError(error, operation: "write", subject: name)
        }
    }

    /// Calls `body` with successive chunks of the stream until it ends.
    ///
    /// One buffer of `size` bytes serves every chunk, so reading costs no allocation per chunk;
    /// a chunk `body` keeps is copied when the next one is read.
    /// - Throws: ``FileError`` when reading fails, or what `body` throws.
    public func forEachChunk(size: Int = 1 << 16, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        try descriptor.forEachChunk(size: size, failure: { FileError($0, operation: "read", subject: name) }, body)
    }
}
