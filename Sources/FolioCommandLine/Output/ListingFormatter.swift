import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// Writes a file listing as entries arrive, so a listing of any length streams: the lines of
/// ``ListingLine``, or with `--json` an array of objects.
struct ListingFormatter {
    let json: Bool
    private let output: Output
    private var line: ListingLine
    private var buffer: [UInt8] = []
    private var count = 0

    init(long: Bool, json: Bool, output: Output) {
        self.json = json
        self.output = output
        self.line = ListingLine(long: long)
        buffer.reserveCapacity(1 << 16)
    }

    /// Starts the listing.
    mutating func begin() {
        if json { append("[") }
    }

    /// Ends the listing and writes what is buffered.
    mutating func end() {
        if json { append(count == 0 ? "]\n" : "\n]\n") }
        flush()
    }

    /// Adds one entry.
    mutating func add(_ entry: WalkEntry) {
        defer {
            count += 1
            if buffer.count >= 60 << 10 { flush() }
        }
        if json {
            append((count == 0 ? "\n" : ",\n") + jsonObject(entry))
            return
        }
        line.render(entry, into: &buffer)
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        output.write(bytes: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private func jsonObject(_ entry: WalkEntry) -> String {
        var fields = [
            "\"path\":\(JSONString.quoted(entry.path))",
            "\"name\":\(JSONString.quoted(entry.name))",
            "\"type\":\"\(entry.type.rawValue)\"",
        ]
        if let size = entry.size {
            fields.append("\"size\":\(size)")
        }
        if let time = entry.modificationTime {
            fields.append("\"modified\":\(JSONString.quoted(time.description))")
        }
        if let permissions = entry.posixPermissions {
            fields.append("\"permissions\":\"\(String(permissions, radix: 8))\"")
        }
        return "  {" + fields.joined(separator: ",") + "}"
    }
}
