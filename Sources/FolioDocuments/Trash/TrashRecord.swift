import FolioArchive
import Foundation

/// What the trash remembers about an item, beside the document in the item's directory:
/// `Library/Trash/<id>/.trashinfo`, a FolioArchive JSON archive.
///
/// The document itself keeps its original name inside the item's directory, so an item whose
/// record is lost can still be restored.
struct TrashRecord: Codable, Hashable, Archivable {
    static let archiveTypeName = "TrashRecord"

    /// The record's name in the item's directory.
    static let fileName = ".trashinfo"

    /// Where the document was: `Documents/<name>`.
    var originalPath: String
    /// When it was deleted.
    var deletionDate: Date
}

/// The identifier of a trash item: its deletion time in UTC to the millisecond, and a random
/// part, so items sort by age and never collide: `20261129T205733.123Z-1a2b3c4d`.
enum TrashIdentifier {
    static func make(at date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let seconds = Date(timeIntervalSince1970: Double(milliseconds / 1000))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: seconds)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let millis = Int(milliseconds % 1000)
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "T" + pad(parts.hour, 2)
            + pad(parts.minute, 2) + pad(parts.second, 2) + "." + pad(millis, 3) + "Z-"
            + String(repeating: "0", count: 8 - random.count) + random
    }

    /// The deletion time an identifier carries, or nil for a name that is not an identifier.
    static func date(of identifier: String) -> Date? {
        let bytes = Array(identifier.utf8)
        guard bytes.count == 29, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "."),
            bytes[19] == UInt8(ascii: "Z"), bytes[20] == UInt8(ascii: "-")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            let millis = number(16..<19), UInt32(String(decoding: bytes[21...], as: UTF8.self), radix: 16) != nil
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return calendar.date(from: components).map { $0.addingTimeInterval(Double(millis) / 1000) }
    }
}
