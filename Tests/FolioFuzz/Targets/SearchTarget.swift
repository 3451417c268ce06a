import FolioResources
import FolioSandbox
import FolioSearch
import Foundation

/// The search index and its query parser: an input is both what a person types into the search
/// field and the contents of the files searched (a note, a table, a drawing).
///
/// Each case gets a fresh Home with the input as `Documents/fuzz.txt`, `fuzz.csv` and
/// `fuzz.dudeldoc`; the index is synchronised, the input is parsed as a query and searched for,
/// and `fuzz` is searched for so the snippets of the hostile contents are made. A query must
/// give results or a query error (never a failure of the index: that would be query text read
/// as FTS5 or SQL syntax), and every highlight must lie inside its snippet on word boundaries
/// of UTF-16.
struct SearchTarget: InProcessTarget {
    var name: String { "search" }
    var summary: String { "search queries and indexed contents through SearchQuery and SearchIndex" }
    var fileExtension: String { "txt" }

    var profile: MutationProfile {
        MutationProfile(
            tokens: [
                "AND", "OR", "NOT", "NEAR", "NEAR(", "*", "^", "\"", ":", "name:", "body:", "{name body}:", "(", ")",
                "+", "-", "'", ";", "--", "DROP TABLE entries", "\u{02}", "\u{03}", "🌹", "e\u{301}", "ß", "日本",
            ],
            maximumSize: 2_048)
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        ["roses", "water roses", "\"quoted\" AND", "NEAR(a b, 2)", "name:fuzz", "x'); DROP TABLE entries; --", "fuzz"]
            .map { Seed(name: $0, bytes: Array($0.utf8)) }
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        let root = scratch + "/home"
        let index: SearchIndex
        do {
            if FileManager.default.fileExists(atPath: root) {
                try FileManager.default.removeItem(atPath: root)
            }
            let container = try Container(root: root, bundle: FolioResources.bundleDirectory)
            try container.provisionForFirstUse()
            for name in ["fuzz.txt", "fuzz.csv", "fuzz.dudeldoc"] {
                try Data(input).write(to: URL(fileURLWithPath: root + "/Documents/" + name))
            }
            index = try SearchIndex(container: container)
        } catch {
            throw Violation("the scratch Home cannot be set up: \(error)")
        }
        do {
            try index.synchronize()
            for result in try index.search(SearchQuery(parsing: "fuzz"), limit: 10) {
                try check(result)
            }
            let query = try SearchQuery(parsing: String(decoding: input, as: UTF8.self))
            for result in try index.search(query, limit: 10) {
                try check(result)
            }
            return .accepted
        } catch let error as SearchError where error.code == .indexFailed {
            throw Violation("the index failed: \(error)")
        } catch let error as SearchError {
            return .refused(error, code: error.code.description)
        } catch let violation as Violation {
            throw violation
        } catch {
            return .refused(error, code: nil)
        }
    }

    /// Every highlight inside the snippet, in order, not overlapping, not splitting a character.
    private func check(_ result: SearchResult) throws(Violation) {
        let units = Array(result.snippet.utf16)
        var position = 0
        for highlight in result.highlights {
            guard highlight.length > 0, highlight.offset >= position, highlight.offset + highlight.length <= units.count
            else {
                throw Violation("a highlight \(highlight) lies outside the snippet \(result.snippet.debugDescription)")
            }
            for edge in [highlight.offset, highlight.offset + highlight.length] where edge < units.count {
                if UTF16.isTrailSurrogate(units[edge]) {
                    throw Violation("a highlight splits a character in \(result.snippet.debugDescription)")
                }
            }
            position = highlight.offset + highlight.length
        }
        if result.snippet.unicodeScalars.contains(where: { $0 == "\u{02}" || $0 == "\u{03}" }) {
            throw Violation("a match mark is left in the snippet \(result.snippet.debugDescription)")
        }
    }
}
