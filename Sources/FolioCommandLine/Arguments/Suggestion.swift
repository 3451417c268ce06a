/// The nearest of a few known words to a mistyped one, for "did you mean ls?".
enum Suggestion {
    /// The candidate closest to `word` by edit distance, when it is close enough to be a typo:
    /// at most one edit for short words, a third of the word's length for longer ones.
    /// A single letter (`-x`) is never near anything: every other letter is one edit away.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        guard word.filter({ $0 != "-" }).count > 1 else { return nil }
        let limit = max(1, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(Array(word), Array(candidate))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `"; did you mean 'ls'?"`, or nothing when no candidate is near.
    static func clause(for word: String, among candidates: [String]) -> String {
        nearest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The Damerau–Levenshtein distance (optimal string alignment): insertions, deletions,
    /// substitutions and swaps of neighbours each count one.
    ///
    /// - Complexity: O(*m* × *n*) for words of lengths *m* and *n*.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            let rowBefore = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rowBefore[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}
