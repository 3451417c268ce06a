/// The order of document names as people read them (the Finder's order).
///
/// The title (the name without its extension) is compared first, then the extension, so
/// `Garden.txt` comes before `Garden 2.txt`. Runs of digits compare by their value (`Untitled 2`
/// before `Untitled 10`), letters without regard to ASCII case; when two names differ only in case
/// or leading zeros, the byte order decides, so different names never compare equal.
/// - Complexity: O(n) in the length of the shorter name; no allocation.
enum DocumentNameOrder {
    /// Whether `lhs` comes before `rhs`.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` comes before, is, or comes after `rhs`.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in compare(left, right) } }
    }

    /// Whether the name whose UTF-8 bytes are `lhs` comes before the one whose bytes are `rhs`.
    static func precedes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: [UInt8]) -> Bool {
        rhs.withUnsafeBufferPointer { compare(lhs, $0) } < 0
    }

    /// Whether the name whose UTF-8 bytes are `lhs` comes before the one whose bytes are `rhs`.
    static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in compare(left, right) } } < 0
    }

    /// -1, 0 or 1 as the name whose UTF-8 bytes are `lhs` comes before, is, or comes after the
    /// one whose bytes are `rhs`.
    static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let leftDot = extensionStart(lhs)
        let rightDot = extensionStart(rhs)
        var tiebreak = 0
        let titles = compareRun(
            UnsafeBufferPointer(rebasing: lhs[..<leftDot]), UnsafeBufferPointer(rebasing: rhs[..<rightDot]),
            tiebreak: &tiebreak)
        if titles != 0 { return titles }
        let extensions = compareRun(
            UnsafeBufferPointer(rebasing: lhs[leftDot...]), UnsafeBufferPointer(rebasing: rhs[rightDot...]),
            tiebreak: &tiebreak)
        return extensions != 0 ? extensions : tiebreak
    }

    /// The index of the extension's dot, or the end when there is none (a leading dot does not count).
    private static func extensionStart(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        var index = name.count - 1
        while index > 0 {
            if name[index] == UInt8(ascii: ".") { return index }
            index -= 1
        }
        return name.count
    }

    private static func compareRun(
        _ lhs: UnsafeBufferPointer<UInt8>,
        _ rhs: UnsafeBufferPointer<UInt8>,
        tiebreak: inout Int
    ) -> Int {
        var i = 0
        var j = 0
        while i < lhs.count && j < rhs.count {
            let a = lhs[i]
            let b = rhs[j]
            if isDigit(a) && isDigit(b) {
                let (leftStart, leftEnd) = digitRun(lhs, from: i)
                let (rightStart, rightEnd) = digitRun(rhs, from: j)
                let leftLength = leftEnd - leftStart
                let rightLength = rightEnd - rightStart
                if leftLength != rightLength {
                    return leftLength < rightLength ? -1 : 1
                }
                for offset in 0..<leftLength where lhs[leftStart + offset] != rhs[rightStart + offset] {
                    return lhs[leftStart + offset] < rhs[rightStart + offset] ? -1 : 1
                }
                if tiebreak == 0 && leftEnd - i != rightEnd - j {
                    tiebreak = leftEnd - i < rightEnd - j ? -1 : 1
                }
                i = leftEnd
                j = rightEnd
                continue
            }
            let foldedA = fold(a)
            let foldedB = fold(b)
            if foldedA != foldedB {
                return foldedA < foldedB ? -1 : 1
            }
            if tiebreak == 0 && a != b {
                tiebreak = a < b ? -1 : 1
            }
            i += 1
            j += 1
        }
        if i < lhs.count { return 1 }
        if j < rhs.count { return -1 }
        return 0
    }

    /// The digits from `start` without leading zeros: (first significant digit, end of the run).
    private static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int) {
        var end = start
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        var significant = start
        while significant < end - 1 && bytes[significant] == UInt8(ascii: "0") { significant += 1 }
        return (significant, end)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
