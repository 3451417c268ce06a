import FolioSandbox
import FolioSearch
import FolioTestSupport
import Foundation
import Testing

@Suite struct SearchQueryTests {
    struct Refusal: Sendable, CustomStringConvertible {
        var text: String
        var code: SearchError.Code
        var description: String { text.debugDescription }
    }

    static let refusals: [Refusal] = [
        Refusal(text: "", code: .emptyQuery),
        Refusal(text: "   \t\n", code: .emptyQuery),
        Refusal(text: "\"", code: .noWords),
        Refusal(text: "*", code: .noWords),
        Refusal(text: "( ) - + ^ : \" ' ;", code: .noWords),
        Refusal(text: String(repeating: "a", count: 1_001), code: .queryTooLong),
        Refusal(text: Array(repeating: "w", count: 33).joined(separator: " "), code: .queryTooLong),
    ]

    @Test(arguments: refusals) func refusesQueriesWithNothingToSearchFor(_ refusal: Refusal) {
        #expect {
            try SearchQuery(parsing: refusal.text)
        } throws: { error in
            (error as? SearchError)?.code == refusal.code
        }
    }

    @Test func readsWordsAndQuotesThemForFTS() throws {
        let query = try SearchQuery(parsing: "  rose \"garden\" AND NOT col:x* gard")
        #expect(query.words == ["rose", "garden", "AND", "NOT", "col", "x", "gard"])
        #expect(query.ftsExpression == #""rose"* "garden"* "AND"* "NOT"* "col"* "x" "gard"*"#)
        #expect(try SearchQuery(parsing: "r").ftsExpression == #""r""#)
    }

    /// Text that FTS5 or SQL would read as syntax, given as a query: each is searched for as
    /// words (or refused as having none), never an SQL error, never SQL run.
    static let hostile = [
        "\"", "AND", "OR", "NOT", "NEAR", "NEAR(a b, 2)", "a AND", "AND a", "a OR b", "-a", "a*", "*a", "^a",
        "name:roses", "{name body}: roses", "'; DROP TABLE entries; --", "roses'); DELETE FROM entries; --",
        "\") OR 1=1 --", "\u{0}", "\u{02}roses\u{03}", "🌹", "a\u{301}", "ß", "日本語", "x\"y\"z",
    ]

    @Test func hostileQueriesAreWordsNeverSQL() throws {
        let test = try TestContainer()
        try test.skipSampleContent()
        try test.plant("Documents/Garden.txt", "roses and a near bridge or not")
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        for text in Self.hostile {
            do {
                _ = try index.search(SearchQuery(parsing: text))
            } catch {
                #expect(error.code == .noWords || error.code == .emptyQuery, "\(text.debugDescription): \(error)")
            }
        }
        #expect(try index.count() == 1)
        #expect(try index.search(SearchQuery(parsing: "AND")).map(\.name) == ["Garden.txt"])
        #expect(try index.search(SearchQuery(parsing: "roses'); DELETE FROM entries; --")).isEmpty)
        #expect(try index.search(SearchQuery(parsing: "name:roses")).isEmpty)
        #expect(try index.search(SearchQuery(parsing: "\u{02}roses\u{03}")).map(\.name) == ["Garden.txt"])
    }

    /// Random text from a fixed seed: the parser answers every string with words or a search
    /// error, and every expression it makes is one FTS5 accepts.
    @Test func fuzzedQueriesParseOrFailCleanly() throws {
        let test = try TestContainer()
        try test.skipSampleContent()
        try test.plant("Documents/Garden.txt", "roses")
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        var generator = SeededGenerator(seed: 15)
        let alphabet = Array("ab AND OR NOT NEAR\"'*^:(){}[]-+,.;\\/\u{0}\u{02}\u{03}\n\té🌹日")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            do {
                let query = try SearchQuery(parsing: text)
                #expect(!query.words.isEmpty)
                _ = try index.search(query, limit: 5)
            } catch {
                #expect(
                    [.emptyQuery, .noWords, .queryTooLong].contains(error.code), "\(text.debugDescription): \(error)")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
