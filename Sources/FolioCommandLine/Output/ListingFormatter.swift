import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// Writes a file listing as entries arrive, so a listing of any length streams.
///
/// The long form has fixed-width columns — type and permissions, size, modification time, path —
/// so nothing needs to be held back to align them:
/// `-rw-------     22 B  2026-11-29 20:57  tmp/file.txt`
///
/// Lines are assembled as bytes in a 64 KiB buffer, with the pieces that repeat (a directory's
/// path, a size, a minute, a mode) made once and reused: formatting must not cost more than
/// walking the tree.
struct ListingFormatter {
    let long: Bool
    let json: Bool
    private let output: Output
    private var buffer: [UInt8] = []
    private var count = 0
    private var cachedMinute: Int64 = .min
    private var cachedDate: [UInt8] = []
    private var cachedDirectory = ""
    private var cachedDirectoryBytes: [UInt8] = []
    private var sizes: [UInt64: [UInt8]] = [:]
    private var modes: [UInt32: [UInt8]] = [:]

    init(long: Bool, json: Bool, output: Output) {
        self.long = long
        self.json = json
        self.output = output
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
        if long {
            appendMode(entry.posixPermissions ?? 0, entry.type)
            buffer.append(contentsOf: [0x20, 0x20])
            appendSize(entry.size)
            buffer.append(contentsOf: [0x20, 0x20])
            appendDate(entry.modificationDate)
            buffer.append(contentsOf: [0x20, 0x20])
        }
        if !entry.directory.isEmpty {
            if entry.directory != cachedDirectory {
                cachedDirectory = entry.directory
                cachedDirectoryBytes = ListingFormatter.terminalBytes(entry.directory)
            }
            buffer.append(contentsOf: cachedDirectoryBytes)
            buffer.append(0x2F)
        }
        appendTerminalText(entry.name)
        if entry.type == .directory { buffer.append(0x2F) }
        buffer.append(0x0A)
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        output.write(bytes: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private mutating func appendMode(_ mode: UInt32, _ type: FileType) {
        let key = mode | UInt32(type.letter.asciiValue ?? 0x3F) << 16
        if let known = modes[key] {
            buffer.append(contentsOf: known)
            return
        }
        let bytes = Array(Format.permissions(mode, typeLetter: type.letter).utf8)
        modes[key] = bytes
        buffer.append(contentsOf: bytes)
    }

    private mutating func appendSize(_ size: UInt64?) {
        guard let size else {
            buffer.append(contentsOf: Array("        -".utf8))
            return
        }
        if let known = sizes[size] {
            buffer.append(contentsOf: known)
            return
        }
        var text = Format.size(size)
        if text.count < 9 {
            text = String(repeating: " ", count: 9 - text.count) + text
        }
        let bytes = Array(text.utf8)
        if sizes.count < 4096 { sizes[size] = bytes }
        buffer.append(contentsOf: bytes)
    }

    private mutating func appendDate(_ date: Date?) {
        guard let date else {
            buffer.append(contentsOf: [UInt8](repeating: 0x20, count: 16))
            return
        }
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let minute = seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
        if minute != cachedMinute {
            cachedMinute = minute
            cachedDate = Array(Format.date(seconds: seconds).utf8)
        }
        buffer.append(contentsOf: cachedDate)
    }

    /// Appends a name as a terminal may show it, straight from its storage when it is printable ASCII.
    private mutating func appendTerminalText(_ text: String) {
        let appended =
            text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
                buffer.append(contentsOf: bytes)
                return true
            } ?? false
        if !appended {
            buffer.append(contentsOf: ListingFormatter.terminalBytes(text))
        }
    }

    /// A name's bytes as a terminal may show them: printable ASCII as it is, anything else through
    /// ``UntrustedText`` (control and bidirectional characters escaped: `evil\e[2Jname`).
    private static func terminalBytes(_ text: String) -> [UInt8] {
        var utf8 = text.utf8
        let plain =
            utf8.withContiguousStorageIfAvailable { bytes in
                bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            } ?? false
        if plain {
            return Array(utf8)
        }
        utf8 = UntrustedText.escaped(text).utf8
        return Array(utf8)
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
