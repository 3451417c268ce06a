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
    private var cachedType: FileType?
    private var cachedLetter: UInt8 = 0x3F
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
            if entry.type != cachedType {
                cachedType = entry.type
                cachedLetter = entry.type.letter.asciiValue ?? 0x3F
            }
            buffer.append(cachedLetter)
            ListingLine.appendMode(entry.posixPermissions ?? 0, to: &buffer)
            ListingLine.appendSpaces(2, to: &buffer)
            ListingLine.appendSize(entry.size, to: &buffer)
            ListingLine.appendSpaces(2, to: &buffer)
            appendDate(entry.modificationDate, to: &buffer)
            ListingLine.appendSpaces(2, to: &buffer)
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

    /// Appends `rw-------` (the permission bits after the type letter), written byte by byte.
    private static func appendMode(_ mode: UInt32, to buffer: inout [UInt8]) {
        for shift in stride(from: 6, through: 0, by: -3) {
            let bits = mode >> UInt32(shift)
            buffer.append(bits & 4 != 0 ? 0x72 : 0x2D)  // r
            buffer.append(bits & 2 != 0 ? 0x77 : 0x2D)  // w
            buffer.append(bits & 1 != 0 ? 0x78 : 0x2D)  // x
        }
    }

    private static func appendSpaces(_ count: Int, to buffer: inout [UInt8]) {
        for _ in 0..<count { buffer.append(0x20) }
    }

    /// Appends a size as ``Format/size(_:)`` writes it (`64 B`, `4.5 KiB`, `12 MiB`), right-aligned
    /// in 9 columns, written as digits straight into the buffer.
    private static func appendSize(_ size: UInt64?, to buffer: inout [UInt8]) {
        guard let size else {
            appendSpaces(8, to: &buffer)
            buffer.append(0x2D)
            return
        }
        // The number as whole units and tenths (tenths only below 10 units, 0 for none), and the
        // unit: 0 is bytes, 1 KiB, 2 MiB and so on up to 6, EiB.
        var whole = size
        var tenths: UInt64 = 0
        var unit = 0
        if size >= 1024 {
            var value = Double(size) / 1024
            unit = 1
            while value >= 1024 && unit < 6 {
                value /= 1024
                unit += 1
            }
            if value < 10 {
                let scaled = UInt64((value * 10).rounded())
                whole = scaled / 10
                tenths = scaled % 10
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
        let width = count + (tenths == 0 ? 0 : 2) + 1 + (unit == 0 ? 1 : 3)
        if width < 9 {
            appendSpaces(9 - width, to: &buffer)
        }
        // The digits, written from the last.
        let start = buffer.count
        appendSpaces(count, to: &buffer)
        var rest = whole
        for index in stride(from: start + count - 1, through: start, by: -1) {
            buffer[index] = 0x30 + UInt8(rest % 10)
            rest /= 10
        }
        if tenths != 0 {
            buffer.append(0x2E)
            buffer.append(0x30 + UInt8(tenths))
        }
        buffer.append(0x20)
        if unit > 0 {
            // K, M, G, T, P, E, then "iB".
            let letters: UInt64 = 0x45_50_54_47_4D_4B
            buffer.append(UInt8(truncatingIfNeeded: letters >> (8 * UInt64(unit - 1))))
            buffer.append(0x69)
        }
        buffer.append(0x42)
    }

    private mutating func appendDate(_ date: Date?, to buffer: inout [UInt8]) {
        guard let date else {
            ListingLine.appendSpaces(16, to: &buffer)
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
