import FolioCore

/// One document that a search found: where it is, what it is, and the passage that matched.
///
/// Encoded for scripts and the web app (the same JSON from `folio search --json` and
/// `GET /api/search`) as
/// `{"path": "Documents/Projects/Plan.txt", "name": "Plan.txt", "kind": "note",
///   "snippet": "…water the roses before…", "highlights": [{"offset": 10, "length": 5}],
///   "modified": "2026-11-29T20:57:33.123456789Z"}`.
///
/// ``snippet`` is plain text (line breaks made spaces, `…` where it was cut); each of
/// ``highlights`` marks one matched word in it by ``Highlight/offset`` and
/// ``Highlight/length`` counted in UTF-16 code units, the units of a JavaScript string, so a
/// page slices the snippet with them directly.
public struct SearchResult: Sendable, Hashable, Encodable {
    /// The document's container path: `Documents/Projects/Plan.txt`.
    public var path: String
    /// Its file name: `Plan.txt`.
    public var name: String
    /// What it was read as: `note`, `drawing`, `table`, or `generic` (only its name is searched).
    public var kind: SearchKind
    /// The passage that matched best, from the contents or else the name.
    public var snippet: String
    /// The matched words in ``snippet``.
    public var highlights: [Highlight]
    /// When its contents last changed.
    public var modified: UTCTime

    /// A result.
    public init(
        path: String, name: String, kind: SearchKind, snippet: String, highlights: [Highlight], modified: UTCTime
    ) {
        self.path = path
        self.name = name
        self.kind = kind
        self.snippet = snippet
        self.highlights = highlights
        self.modified = modified
    }

    /// The text of each highlight, in order: what matched.
    public var highlightedWords: [String] {
        let units = Array(snippet.utf16)
        return highlights.map { highlight in
            let end = min(units.count, highlight.offset + highlight.length)
            return String(decoding: units[min(highlight.offset, end)..<end], as: UTF16.self)
        }
    }

    /// A matched word's place in a snippet, in UTF-16 code units.
    public struct Highlight: Sendable, Hashable, Encodable {
        /// Where the word begins.
        public var offset: Int
        /// How long it is.
        public var length: Int

        /// A highlight.
        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }
}

/// The answer to a search: the results, best first. Encoded as `{"results": [...]}`.
public struct SearchResults: Sendable, Hashable, Encodable {
    /// The documents found, most relevant first.
    public var results: [SearchResult]

    /// An answer.
    public init(results: [SearchResult]) {
        self.results = results
    }
}
