/// A small, fast, deterministic random number generator (SplitMix64).
///
/// Every case of a run is generated from its own generator, seeded from the run's seed, the
/// reader's name and the case's number, so any one case can be made again on its own
/// (`folio-fuzz --reader csv --seed S --case N`) on any machine and any toolchain: nothing here
/// depends on the standard library's random algorithms, which may change between releases.
struct FuzzRandom {
    private var state: UInt64

    /// A generator started at `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The generator of case `index` of `reader` in the run seeded with `seed`.
    init(seed: UInt64, reader: String, case index: Int) {
        // FNV-1a of the reader's name: stable, unlike `Hasher`, which is seeded per process.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in reader.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        var mixer = FuzzRandom(seed: seed ^ hash)
        let first = mixer.next()
        state = first ^ (UInt64(truncatingIfNeeded: index) &* 0x9e37_79b9_7f4a_7c15)
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (`count` must be positive).
    mutating func below(_ count: Int) -> Int {
        precondition(count > 0, "below(_:) needs a positive count")
        return Int(next() % UInt64(count))
    }

    /// A number in `range`.
    mutating func between(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True about once in `count` calls.
    mutating func oneIn(_ count: Int) -> Bool {
        below(count) == 0
    }

    /// An element of `elements` (which must not be empty).
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// A length that is usually small and sometimes large: 1…`limit`, each doubling about half as
    /// likely as the one before.
    mutating func length(upTo limit: Int) -> Int {
        guard limit > 1 else { return 1 }
        var bound = 2
        while bound < limit && oneIn(2) {
            bound *= 2
        }
        return between(1...min(bound, limit))
    }
}
