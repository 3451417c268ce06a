import Foundation

extension CSVFile {
    /// Writes the file again with only the rows at `indices` (in that order), each copied byte for
    /// byte, and the header first: what saving an edited table does.
    ///
    /// Lines end with LF. `write` is called with pieces of about 64 KiB, so a file of any size is
    /// written in bounded memory.
    /// - Throws: read errors, or what `write` throws.
    public func write(keeping indices: some Sequence<Int>, to write: ([UInt8]) throws -> Void) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        if !headerBytes.isEmpty {
            buffer += headerBytes
            buffer.append(UInt8(ascii: "\n"))
        }
        for index in indices {
            buffer += try rawRow(at: index)
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= 1 << 16 {
                try write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty {
            try write(buffer)
        }
    }

    /// A field quoted for CSV when it needs to be: when it holds the separator, a quote, or a
    /// line break (quotes inside are doubled).
    public static func quoted(_ field: String, separator: Character = ",") -> String {
        guard field.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
