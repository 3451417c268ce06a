import FolioFiles
import FolioSandbox
import Foundation

/// Bytes to read a chunk at a time: a file in a Folio container, or bytes in memory. NMEA logs
/// and GPX files are read through this, so a large file is streamed, never loaded whole.
public struct DataInput: Sendable {
    /// What people call it: the container path, or the name given to the bytes.
    public let name: String
    private let makeReader: @Sendable () throws(LocationError) -> ChunkReader

    /// The file at `path` in `files`' container (a path relative to the Home, such as
    /// `Documents/drive.nmea`), read through FolioFiles.
    public static func file(_ path: SandboxPath, in files: Files) -> DataInput {
        DataInput(name: path.description) { () throws(LocationError) in
            let file: OpenFile
            do {
                file = try files.open(path, mode: .reading)
            } catch {
                throw LocationError(
                    .storageFailed, operation: "open", subject: path.description, reason: "\(error)")
            }
            return ChunkReader(name: path.description) { count throws(LocationError) in
                do {
                    let data = try file.read(upTo: count)
                    return data.isEmpty ? nil : [UInt8](data)
                } catch {
                    throw LocationError(
                        .storageFailed, operation: "read", subject: path.description, reason: "\(error)")
                }
            }
        }
    }

    /// `bytes` in memory, called `name` in errors.
    public static func bytes(_ bytes: [UInt8], name: String = "input") -> DataInput {
        DataInput(name: name) {
            var remaining = bytes[...]
            return ChunkReader(name: name) { count in
                guard !remaining.isEmpty else { return nil }
                let chunk = remaining.prefix(count)
                remaining = remaining.dropFirst(count)
                return Array(chunk)
            }
        }
    }

    /// `text` as UTF-8, called `name` in errors.
    public static func text(_ text: String, name: String = "input") -> DataInput {
        bytes(Array(text.utf8), name: name)
    }

    /// Opens the input for one pass.
    func open() throws(LocationError) -> ChunkReader {
        try makeReader()
    }
}

/// One pass over a ``DataInput``: successive chunks until nil.
final class ChunkReader {
    let name: String
    private let readChunk: (Int) throws(LocationError) -> [UInt8]?

    init(name: String, readChunk: @escaping (Int) throws(LocationError) -> [UInt8]?) {
        self.name = name
        self.readChunk = readChunk
    }

    /// The next chunk of at most `count` bytes, or nil at the end.
    func next(_ count: Int = 1 << 16) throws(LocationError) -> [UInt8]? {
        try readChunk(count)
    }
}

/// Splits a ``ChunkReader`` into lines (LF or CR LF), refusing lines longer than a limit so memory
/// stays bounded whatever the input.
final class LineReader {
    private let reader: ChunkReader
    private var buffer: [UInt8] = []
    private var position = 0
    private var isAtEnd = false
    private let limit: Int
    /// The number of the line last returned, from 1.
    private(set) var lineNumber = 0

    init(_ reader: ChunkReader, limit: Int = 1 << 16) {
        self.reader = reader
        self.limit = limit
    }

    /// The next line without its line ending, or nil at the end.
    func next() throws(LocationError) -> ArraySlice<UInt8>? {
        while true {
            let newline = buffer[position...].firstIndex(of: 0x0A)
            guard (newline ?? buffer.count) - position <= limit else {
                throw LocationError(
                    .malformed, operation: "read", subject: "\(reader.name), line \(lineNumber + 1)",
                    reason: "the line is longer than \(limit) bytes")
            }
            if let newline {
                var end = newline
                if end > position && buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer[position..<end]
                position = newline + 1
                lineNumber += 1
                return line
            }
            if isAtEnd {
                guard position < buffer.count else { return nil }
                let line = buffer[position...]
                position = buffer.count
                lineNumber += 1
                return line
            }
            if position > 0 {
                buffer.removeFirst(position)
                position = 0
            }
            if let chunk = try reader.next() {
                buffer += chunk
            } else {
                isAtEnd = true
            }
        }
    }
}
