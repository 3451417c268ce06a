/// A line or report a ``LocationSource`` read and does not use, by kind: a comment, or a
/// sentence that gives no position (`GPGSV`, `AIVDM`, `PGRME`).
public struct SkippedInput: Sendable, Hashable {
    /// What it was: `comment`, or the sentence's address (`GPGSV`, `PERC`).
    public var kind: String
    /// Where it was read: `drive.nmea, line 3`.
    public var subject: String

    /// A skipped line or report.
    public init(kind: String, subject: String) {
        self.kind = kind
        self.subject = subject
    }

    /// How many of each kind were skipped.
    public struct Tally: Sendable, Hashable, CustomStringConvertible {
        /// The count of each kind.
        public private(set) var counts: [String: Int] = [:]

        /// An empty tally.
        public init() {}

        /// Counts `input`.
        public mutating func add(_ input: SkippedInput) {
            counts[input.kind, default: 0] += 1
        }

        /// Adds the counts of `other`.
        public mutating func add(_ other: Tally) {
            counts.merge(other.counts, uniquingKeysWith: +)
        }

        /// The number skipped, of every kind.
        public var total: Int { counts.values.reduce(0, +) }

        /// `34 PERC, 9 GPGSV, 20 comment`: the most frequent kinds first.
        public var description: String {
            counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
                .joined(separator: ", ")
        }
    }
}
