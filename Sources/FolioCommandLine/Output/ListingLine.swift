import FolioCore
import FolioFiles
import Foundation

/// The line `folio ls` shows for an entry, made as bytes, on whichever thread reads the entry's
/// directory.
///
/// The long form has fixed-width columns — type and permissions, size, modification time, path —
/// so nothing needs to be held back to align them:
/// `-rw-------     22 B  2026-11-29 20:57  tmp/file.txt`
///
/// Sizes and modes are written digit by digit and letter by letter, and the pieces that repeat (a
/// directory's path, a minute) are made once and reused, so a line costs no allocation:
/// formatting must not cost more than walking the tree.
struct ListingLine: WalkRenderer {
    let long: Bool
    private var cachedMinute: Int64 = .min
    private var cachedDate: [UInt8] = []
    private var cachedDirectory = ""
    private var cachedDirectoryBytes: [UInt8] = []

    init(long: Bool) {
        self.long = long
    }

    /// Appends the entry's line.
    mutating func render(_ entry: WalkEntry, into buffer: inout [UInt8]) {
        if long {
            ListingLine.appendMode(entry.posixPermissions ?? 0, entry.type, to: &buffer)
            buffer.append(contentsOf: [0x20, 0x20])
            ListingLine.appendSize(entry.size, to: &buffer)
            buffer.append(contentsOf: [0x20, 0x20])
            appendDate(entry.modificationDate, to: &buffer)
            buffer.append(contentsOf: [0x20, 0x20])
        }
        if !entry.directory.isEmpty {
            if entry.directory != cachedDirectory {
                cachedDirectory = entry.directory
                cachedDirectoryBytes = ListingLine.terminalBytes(entry.directory)
            }
            buffer.append(contentsOf: cachedDirectoryBytes)
            buffer.append(0x2F)
        }
        ListingLine.appendTerminalText(entry.name, to: &buffer)
        if entry.type == .directory { buffer.append(0x2F) }
        buffer.append(0x0A)
    }

    /// Appends `-rw-------` (type letter and permission bits), written byte by byte.
    private static func appendMode(_ mode: UInt32, _ type: FileType, to buffer: inout [UInt8]) {
        buffer.append(type.letter.asciiValue ?? 0x3F)
        for shift in stride(from: 6, through: 0, by: -3) {
            let bits = mode >> UInt32(shift)
            buffer.append(bits & 4 != 0 ? 0x72 : 0x2D)  // r
            buffer.append(bits & 2 != 0 ? 0x77 : 0x2D)  // w
            buffer.append(bits & 1 != 0 ? 0x78 : 0x2D)  // x
        }
    }

    /// Appends a size as ``Format/size(_:)`` writes it (`64 B`, `4.5 KiB`, `12 MiB`), right-aligned
    /// in 9 columns, written as digits straight into the buffer.
    private static func appendSize(_ size: UInt64?, to buffer: inout [UInt8]) {
        guard let size else {
            buffer.append(contentsOf: ListingLine.noSize)
            return
        }
        // The number as whole units and tenths (tenths only below 10 units), and the unit.
        var whole = size
        var tenths: UInt64?
        var unit = ListingLine.units[0]
        if size >= 1024 {
            var value = Double(size) / 1024
            var index = 1
            while value >= 1024 && index < ListingLine.units.count - 1 {
                value /= 1024
                index += 1
            }
            unit = ListingLine.units[index]
            if value < 10 {
                let scaled = UInt64((value * 10).rounded())
                whole = scaled / 10
                tenths = scaled % 10 == 0 ? nil : scaled % 10
            } else {
                whole = UInt64(value.rounded())
            }
        }
        var count = 1
        var probe = whole
        while probe >= 10 {
            probe /= 10
            count += 1
        }
        let width = count + (tenths == nil ? 0 : 2) + 1 + unit.count
        if width < 9 {
            buffer.append(contentsOf: repeatElement(0x20, count: 9 - width))
        }
        let start = buffer.count
        var rest = whole
        repeat {
            buffer.append(0x30 + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        buffer[start...].reverse()
        if let tenths {
            buffer.append(0x2E)
            buffer.append(0x30 + UInt8(tenths))
        }
        buffer.append(0x20)
        buffer.append(contentsOf: unit)
    }

    private static let noSize = Array("        -".utf8)
    private static let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"].map { Array($0.utf8) }

    private mutating func appendDate(_ date: Date?, to buffer: inout [UInt8]) {
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
    private static func appendTerminalText(_ text: String, to buffer: inout [UInt8]) {
        let appended =
            text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
                buffer.append(contentsOf: bytes)
                return true
            } ?? false
        if !appended {
            buffer.append(contentsOf: ListingLine.terminalBytes(text))
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
}
