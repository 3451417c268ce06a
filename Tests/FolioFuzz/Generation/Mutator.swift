/// Makes the inputs of a run: case `n` is seed `n` as it is while there are seeds, then a seed
/// with one to a dozen mutations chosen by case `n`'s own generator.
///
/// The mutations are the ones that break readers of text and binary formats: bit and byte flips,
/// interesting bytes, truncation, deleting and duplicating ranges, splicing two seeds, inserting
/// the format's tokens, long runs (very long lines or fields), deep nesting, huge numbers, line
/// operations (duplicated, dropped, swapped and repeated lines), NUL and control bytes, invalid
/// UTF-8.
struct Mutator: Sendable {
    let seeds: [Seed]
    let profile: MutationProfile

    init(seeds: [Seed], profile: MutationProfile) {
        precondition(!seeds.isEmpty, "a reader needs at least one seed")
        self.seeds = seeds
        self.profile = profile
    }

    /// The input of case `index`.
    func input(case index: Int, random: inout FuzzRandom) -> GeneratedInput {
        if index < seeds.count {
            let seed = seeds[index]
            return GeneratedInput(bytes: Array(seed.bytes.prefix(profile.maximumSize)), origin: "seed \(seed.name)")
        }
        let seed = random.pick(seeds)
        var (prefix, bytes, suffix) = split(seed.bytes)
        var steps: [String] = []
        let count = random.length(upTo: 12)
        for _ in 0..<count {
            steps.append(mutate(&bytes, random: &random))
            if bytes.count > profile.maximumSize {
                bytes.removeLast(bytes.count - profile.maximumSize)
            }
        }
        var result = prefix + bytes + suffix
        if let repair = profile.repair {
            result = repair(result, &random)
        }
        if result.count > profile.maximumSize {
            result.removeLast(result.count - profile.maximumSize)
        }
        return GeneratedInput(bytes: result, origin: "seed \(seed.name), then " + steps.joined(separator: ", "))
    }

    /// The input split into the part before the focus, the part mutations touch, and the rest.
    private func split(_ bytes: [UInt8]) -> (prefix: [UInt8], focus: [UInt8], suffix: [UInt8]) {
        func endOfLines(_ count: Int) -> Int {
            var end = 0
            for _ in 0..<count {
                guard let newline = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) else { return bytes.count }
                end = newline + 1
            }
            return end
        }
        switch profile.focus {
        case .whole:
            return ([], bytes, [])
        case .firstLines(let count):
            let end = endOfLines(count)
            return ([], Array(bytes[..<end]), Array(bytes[end...]))
        case .afterFirstLines(let count):
            let end = endOfLines(count)
            return (Array(bytes[..<end]), Array(bytes[end...]), [])
        }
    }

    private enum Operation: CaseIterable {
        case flipBit, randomByte, interestingByte, insertToken, overwriteWithToken, deleteRange, duplicateRange
        case truncate, splice, longRun, deepNesting, hugeNumber, lineOperation, controlBytes

        /// How often each is chosen, relative to the others.
        var weight: Int {
            switch self {
            case .flipBit, .insertToken: 4
            case .randomByte, .interestingByte, .overwriteWithToken, .deleteRange, .duplicateRange, .splice: 2
            case .lineOperation: 2
            case .truncate, .longRun, .deepNesting, .hugeNumber, .controlBytes: 1
            }
        }
    }

    private static let weighted: [Operation] = Operation.allCases.flatMap { Array(repeating: $0, count: $0.weight) }

    private static let interestingBytes: [UInt8] = [
        0x00, 0x01, 0x07, 0x08, 0x09, 0x0A, 0x0D, 0x1B, 0x20, 0x22, 0x27, 0x2C, 0x3C, 0x3E, 0x26, 0x2A, 0x24, 0x5C,
        0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF8, 0xFE, 0xFF,
    ]

    /// Applies one mutation and says which.
    private func mutate(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
        switch random.pick(Mutator.weighted) {
        case .flipBit:
            guard !bytes.isEmpty else { return insert(random.pick(profile.tokens), into: &bytes, random: &random) }
            let at = position(in: bytes, random: &random, inside: true)
            let bit = random.below(8)
            bytes[at] ^= UInt8(1 << bit)
            return "flip bit \(bit) @\(at)"
        case .randomByte:
            guard !bytes.isEmpty else { return insert(random.pick(profile.tokens), into: &bytes, random: &random) }
            let at = position(in: bytes, random: &random, inside: true)
            bytes[at] = UInt8(truncatingIfNeeded: random.next())
            return "byte 0x\(String(bytes[at], radix: 16)) @\(at)"
        case .interestingByte:
            let byte = random.pick(Mutator.interestingBytes)
            if bytes.isEmpty || random.oneIn(2) {
                let at = position(in: bytes, random: &random, inside: false)
                bytes.insert(byte, at: at)
                return "insert 0x\(String(byte, radix: 16)) @\(at)"
            }
            let at = position(in: bytes, random: &random, inside: true)
            bytes[at] = byte
            return "byte 0x\(String(byte, radix: 16)) @\(at)"
        case .insertToken:
            return insert(random.pick(profile.tokens), into: &bytes, random: &random)
        case .overwriteWithToken:
            let token = random.pick(profile.tokens)
            let at = position(in: bytes, random: &random, inside: false)
            let end = min(bytes.count, at + token.count)
            bytes.replaceSubrange(at..<end, with: token)
            return "overwrite \(describe(token)) @\(at)"
        case .deleteRange:
            guard !bytes.isEmpty else { return "delete nothing" }
            let at = position(in: bytes, random: &random, inside: true)
            let count = min(bytes.count - at, random.length(upTo: max(1, bytes.count / 2)))
            bytes.removeSubrange(at..<(at + count))
            return "delete \(count) @\(at)"
        case .duplicateRange:
            guard !bytes.isEmpty else { return "duplicate nothing" }
            let from = random.below(bytes.count)
            let count = min(bytes.count - from, random.length(upTo: 4096))
            let piece = Array(bytes[from..<(from + count)])
            let at = position(in: bytes, random: &random, inside: false)
            bytes.insert(contentsOf: piece, at: at)
            return "copy \(count) from @\(from) to @\(at)"
        case .truncate:
            let at = truncationPoint(bytes, random: &random)
            bytes.removeSubrange(at...)
            return "truncate @\(at)"
        case .splice:
            let other = random.pick(seeds)
            let (_, otherFocus, _) = split(other.bytes)
            let cut = position(in: bytes, random: &random, inside: false)
            let from = otherFocus.isEmpty ? 0 : random.below(otherFocus.count)
            bytes = Array(bytes[..<cut]) + otherFocus[from...]
            return "splice @\(cut) with \(other.name) from @\(from)"
        case .longRun:
            return longRun(&bytes, random: &random)
        case .deepNesting:
            return nest(&bytes, random: &random)
        case .hugeNumber:
            return hugeNumber(&bytes, random: &random)
        case .lineOperation:
            return lineOperation(&bytes, random: &random)
        case .controlBytes:
            let count = random.between(1...8)
            let controls = (0..<count).map { _ in UInt8(random.below(0x20)) }
            let at = position(in: bytes, random: &random, inside: false)
            bytes.insert(contentsOf: controls, at: at)
            return "insert \(count) control bytes @\(at)"
        }
    }

    private func insert(_ token: [UInt8], into bytes: inout [UInt8], random: inout FuzzRandom) -> String {
        let at = position(in: bytes, random: &random, inside: false)
        bytes.insert(contentsOf: token, at: at)
        return "insert \(describe(token)) @\(at)"
    }

    /// A position in `bytes` (an index when `inside`, else possibly the end): uniform half of
    /// the time, otherwise just after a structural byte or, for paged files, on a page header.
    private func position(in bytes: [UInt8], random: inout FuzzRandom, inside: Bool) -> Int {
        let limit = inside ? bytes.count : bytes.count + 1
        guard limit > 1 else { return 0 }
        if let pageSize = profile.pageSize, random.oneIn(2) {
            let pages = max(1, bytes.count / pageSize)
            let page = random.oneIn(3) ? 0 : random.below(pages)
            let offset = page == 0 ? random.below(112) : random.below(16)
            return min(limit - 1, page * pageSize + offset)
        }
        let start = random.below(limit)
        if random.oneIn(2) {
            var index = start
            while index < bytes.count && index - start < 256 {
                if profile.structuralBytes.contains(bytes[index]) {
                    return min(limit - 1, index + (random.oneIn(2) ? 1 : 0))
                }
                index += 1
            }
        }
        return start
    }

    private func truncationPoint(_ bytes: [UInt8], random: inout FuzzRandom) -> Int {
        guard !bytes.isEmpty else { return 0 }
        if let pageSize = profile.pageSize, random.oneIn(2) {
            return min(bytes.count, pageSize * random.below(bytes.count / pageSize + 1))
        }
        return random.below(bytes.count)
    }

    private func longRun(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
        let room = max(0, profile.maximumSize - bytes.count)
        let length = min(room, random.pick([300, 4096, 65_537, 70_000, 1 << 18]))
        let unit: [UInt8] =
            random.oneIn(2)
            ? [random.pick(Array("a0 ,\"\t<&*$".utf8) + [0x00, 0xFF])] : random.pick(profile.tokens)
        guard !unit.isEmpty, length > 0 else { return "no room for a long run" }
        let run = Mutator.repeated(unit, count: max(1, length / unit.count))
        let at = position(in: bytes, random: &random, inside: false)
        bytes.insert(contentsOf: run, at: at)
        return "run of \(run.count) bytes of \(describe(unit)) @\(at)"
    }

    private func nest(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
        guard !profile.nesting.isEmpty else { return longRun(&bytes, random: &random) }
        let nesting = random.pick(profile.nesting)
        let unit = nesting.open.count + nesting.close.count
        let room = max(0, profile.maximumSize - bytes.count) / max(1, unit)
        let depth = min(room, random.pick([64, 257, 513, 1000, 10_000, 100_000]))
        let closes = random.oneIn(3) ? random.below(depth + 1) : depth
        let at = position(in: bytes, random: &random, inside: false)
        let piece = Mutator.repeated(nesting.open, count: depth) + Mutator.repeated(nesting.close, count: closes)
        bytes.insert(contentsOf: piece, at: at)
        return "nest \(depth) deep (\(closes) closed) with \(describe(nesting.open)) @\(at)"
    }

    private func hugeNumber(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
        let numbers = [
            "1" + String(repeating: "0", count: 400), "-" + String(repeating: "9", count: 40), "1e999999999",
            "0." + String(repeating: "0", count: 500) + "1", "4294967296", "-2147483649", "9.999999999999999e22",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207",
        ]
        let number = Array(random.pick(numbers).utf8)
        // Replace the next run of digits, so the number lands where the format expects one.
        let start = position(in: bytes, random: &random, inside: false)
        if let first = bytes[start...].prefix(4096).firstIndex(where: { (0x30...0x39).contains($0) }) {
            let end =
                bytes[first...].firstIndex { !(0x30...0x39).contains($0) && $0 != UInt8(ascii: ".") } ?? bytes.count
            bytes.replaceSubrange(first..<end, with: number)
            return "number \(describe(number)) @\(first)"
        }
        bytes.insert(contentsOf: number, at: start)
        return "insert number \(describe(number)) @\(start)"
    }

    private func lineOperation(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
        // Where each line starts (found with the standard library's search, which is fast even
        // in a debug build), then one line duplicated, dropped, swapped or repeated many times.
        var starts = [0]
        var from = 0
        while let newline = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) {
            starts.append(newline + 1)
            from = newline + 1
        }
        func line(_ index: Int) -> ArraySlice<UInt8> {
            let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
            return bytes[starts[index]..<end]
        }
        let index = random.below(starts.count)
        let chosen = Array(line(index))
        switch random.below(4) {
        case 0:
            let at = starts[random.below(starts.count)]
            bytes.insert(contentsOf: chosen.last == UInt8(ascii: "\n") ? chosen : chosen + [UInt8(ascii: "\n")], at: at)
            return "duplicate line \(index + 1)"
        case 1:
            bytes.removeSubrange(line(index).indices)
            return "drop line \(index + 1)"
        case 2:
            let other = random.below(starts.count)
            let (first, second) = (min(index, other), max(index, other))
            guard first != second else { return "swap line \(index + 1) with itself" }
            let firstLine = Array(line(first))
            let secondLine = Array(line(second))
            bytes.replaceSubrange(line(second).indices, with: firstLine)
            bytes.replaceSubrange(line(first).indices, with: secondLine)
            return "swap lines \(first + 1) and \(second + 1)"
        default:
            let unit = chosen.last == UInt8(ascii: "\n") ? chosen : chosen + [UInt8(ascii: "\n")]
            let room = max(0, profile.maximumSize - bytes.count) / unit.count
            let times = min(room, random.pick([10, 1000, 20_000]))
            bytes.insert(contentsOf: Mutator.repeated(unit, count: times), at: starts[index])
            return "repeat line \(index + 1) \(times) times"
        }
    }

    /// `unit` repeated `count` times, built by doubling (few, large copies).
    static func repeated(_ unit: [UInt8], count: Int) -> [UInt8] {
        guard count > 0, !unit.isEmpty else { return [] }
        if unit.count == 1 { return [UInt8](repeating: unit[0], count: count) }
        var result = unit
        result.reserveCapacity(unit.count * count)
        while result.count * 2 <= unit.count * count {
            result += result
        }
        result += Mutator.repeated(unit, count: count - result.count / unit.count)
        return result
    }

    /// A token as a report shows it: printable ASCII as it is, other bytes in hex.
    private func describe(_ token: [UInt8]) -> String {
        let shown = token.prefix(24).map { byte in
            (0x21...0x7E).contains(byte) && byte != 0x27 ? String(UnicodeScalar(byte)) : "\\x" + hex(byte)
        }
        return "'" + shown.joined() + (token.count > 24 ? "…" : "") + "'"
    }

    private func hex(_ byte: UInt8) -> String {
        byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }
}
