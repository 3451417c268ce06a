/// The hidden name of an entry that exists only while an operation runs:
/// `.NAME.folio-WRITER-RANDOM.tmp`.
///
/// `WRITER` is the token of the ``WriterJournal`` that recorded the name before the entry was
/// made (eight hexadecimal digits), so recovery can tell whose entry it is and whether that
/// writer still runs; `RANDOM` (eight more) keeps one writer's names apart. `NAME` is the name
/// the entry is for, cut so the whole stays within 255 bytes.
package enum TemporaryName {
    /// A fresh hidden name beside `name` for the writer `token`.
    package static func make(beside name: String, writer token: String) -> String {
        let suffix = ".folio-\(token)-\(hexadecimal(UInt32.random(in: 0...UInt32.max))).tmp"
        var stem = name
        while stem.utf8.count + suffix.utf8.count + 1 > 255 {
            stem.removeLast()
        }
        return "." + stem + suffix
    }

    /// The writer token a temporary name carries, or nil when `name` is not one.
    package static func writer(of name: String) -> String? {
        let bytes = Array(name.utf8)
        // "." + at least one byte of stem + ".folio-" + 8 + "-" + 8 + ".tmp"
        let tail = 7 + 8 + 1 + 8 + 4
        guard bytes.count >= 2 + tail, bytes[0] == UInt8(ascii: ".") else { return nil }
        let suffix = bytes[(bytes.count - tail)...]
        guard suffix.starts(with: Array(".folio-".utf8)), suffix.reversed().starts(with: Array("pmt.".utf8)) else {
            return nil
        }
        let token = Array(suffix.dropFirst(7).prefix(8))
        let random = Array(suffix.dropFirst(16).prefix(8))
        guard suffix.dropFirst(15).first == UInt8(ascii: "-"), isToken(token), isToken(random) else { return nil }
        return String(decoding: token, as: UTF8.self)
    }

    /// Whether `name` is a writer token: eight lowercase hexadecimal digits.
    package static func isToken<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.count == 8
            && bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `value` as eight hexadecimal digits.
    package static func hexadecimal(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
