import FolioFiles
import FolioTables
import Foundation

/// Lines of a file listing, written as entries arrive so a listing of any length streams.
///
/// The long form has fixed-width columns — type and permissions, size, modification time, path —
/// so nothing needs to be held back to align them:
/// `-rw-------    22 B  2026-11-29 20:57  tmp/file.txt`
struct ListingFormatter {
    let long: Bool
    let json: Bool
    private var count = 0
    private var cachedMinute: Int64 = .min
    private var cachedDate = ""

    init(long: Bool, json: Bool) {
        self.long = long
        self.json = json
    }

    /// Text to write before the first entry.
    func begin() -> String {
        json ? "[" : ""
    }

    /// Text to write after the last entry.
    func end() -> String {
        json ? (count == 0 ? "]\n" : "\n]\n") : ""
    }

    /// The line for one entry.
    mutating func line(for entry: WalkEntry) -> String {
        defer { count += 1 }
        if json {
            return (count == 0 ? "\n" : ",\n") + jsonObject(entry)
        }
        let name = TerminalText.sanitized(entry.path) + (entry.type == .directory ? "/" : "")
        guard long else {
            return name + "\n"
        }
        let permissions = Format.permissions(entry.posixPermissions ?? 0, typeLetter: entry.type.letter)
        var size = entry.size.map { Format.size($0) } ?? "-"
        if size.count < 9 {
            size = String(repeating: " ", count: 9 - size.count) + size
        }
        return "\(permissions)  \(size)  \(date(entry.modificationDate))  \(name)\n"
    }

    private mutating func date(_ date: Date?) -> String {
        guard let date else { return "                " }
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let minute = seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
        if minute != cachedMinute {
            cachedMinute = minute
            cachedDate = Format.date(seconds: seconds)
        }
        return cachedDate
    }

    private func jsonObject(_ entry: WalkEntry) -> String {
        var fields = [
            "\"path\":\(JSONText.string(entry.path))",
            "\"name\":\(JSONText.string(entry.name))",
            "\"type\":\"\(entry.type.rawValue)\"",
        ]
        if let size = entry.size {
            fields.append("\"size\":\(size)")
        }
        if let date = entry.modificationDate {
            fields.append("\"modified\":\"\(Format.isoDate(date))\"")
        }
        if let permissions = entry.posixPermissions {
            fields.append("\"permissions\":\"\(String(permissions, radix: 8))\"")
        }
        return "  {" + fields.joined(separator: ",") + "}"
    }
}
