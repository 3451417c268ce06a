import FolioCore
import FolioDatabase
import FolioSandbox

extension SearchIndex {
    /// The documents that match `query`, most relevant first.
    ///
    /// Every hit is checked against its file before it is answered: a file removed since it was
    /// indexed leaves the index, one changed since (another version) is indexed again, and then
    /// the query runs again, so the answer holds only files that exist, described as they are.
    /// The index is not brought up to date with files it has never seen: ``synchronize()`` or
    /// ``keepCurrent(onUpdate:)`` does that.
    ///
    /// ```swift
    /// let results = try index.search(SearchQuery(parsing: "water roses"), limit: 10)
    /// ```
    /// - Parameter limit: the most results (at least 1).
    /// - Throws: ``SearchError`` `.indexFailed`.
    /// - Complexity: a BM25 score for at most ``rankedCandidates`` matches (more match: the
    /// documents whose names match, then the most recently indexed), a snippet and a `statx` per
    /// result; more only for stale entries.
    public func search(_ query: SearchQuery, limit: Int = 20) throws(SearchError) -> [SearchResult] {
        precondition(limit >= 1, "a search needs a limit of at least 1")
        let attempts = 3
        for attempt in 1...attempts {
            let hits = try matches(query, limit: limit)
            var results: [SearchResult] = []
            var stale: [SandboxPath] = []
            for hit in hits {
                // Only valid paths are stored (see readText); anything else is dropped.
                guard let path = try? SandboxPath.documents.appending(components: hit.components) else { continue }
                // A version that cannot be read (the file is gone) is not the indexed one.
                if let current = try? files.version(of: path), current.description == hit.version {
                    results.append(hit.result)
                } else {
                    stale.append(path)
                }
            }
            if stale.isEmpty || attempt == attempts {
                return results
            }
            try update(stale)
        }
        return []
    }

    /// One hit of the FTS5 query, as stored.
    struct Hit {
        var path: String
        var version: String
        var result: SearchResult

        /// The path's components below `Documents/`.
        var components: [String] { path.split(separator: "/").map(String.init) }
    }

    /// The marks around a matched word in FTS5's snippets (control characters, which
    /// ``SearchableText/cleaned(_:)`` keeps out of the index).
    static let matchStart: Unicode.Scalar = "\u{02}"
    static let matchEnd: Unicode.Scalar = "\u{03}"

    /// How many matching documents are ranked at most: a query that matches more (a word in most
    /// documents) ranks the ones indexed most recently (new and changed files), after the
    /// documents whose names match. Ranking every match of such a word would cost a BM25 score
    /// per document of the library, and the scores of a word that is everywhere tell little.
    static let rankedCandidates = 1_000

    /// The best `limit` hits of `query` in the index, ranked by BM25 (a match in the name
    /// weighing more than one in the contents), among at most ``rankedCandidates`` documents
    /// when more match; the snippets are made for the hits answered only.
    func matches(_ query: SearchQuery, limit: Int) throws(SearchError) -> [Hit] {
        let expression = query.ftsExpression
        return try SearchError.translating("search") {
            try pool.read { db in
                // The rowid below which matches are not ranked, or 0 when there are few enough.
                let window = try db.cachedStatement(
                    "SELECT rowid FROM text WHERE text MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?")
                try window.bind(expression, SearchIndex.rankedCandidates)
                let floor = try window.fetchValue(Int64.self) ?? 0
                var ranked = try SearchIndex.rankedRows(db, expression, above: floor, limit: limit)
                if floor > 0 {
                    // Names that match come first wherever they are in the index.
                    let names = try SearchIndex.rankedRows(db, "{name} : (\(expression))", above: 0, limit: limit)
                    let named = Set(names.map(\.rowid))
                    ranked = Array((names + ranked.filter { !named.contains($0.rowid) }).prefix(limit))
                }
                let snippet = try db.cachedStatement(
                    "SELECT snippet(text, -1, char(2), char(3), '…', 16) FROM text WHERE text MATCH ? AND rowid = ?")
                var hits: [Hit] = []
                for row in ranked {
                    try snippet.bind(expression, row.rowid)
                    let (text, highlights) = SearchIndex.unmarked(try snippet.fetchValue(String.self) ?? "")
                    let name = row.path.split(separator: "/").last.map(String.init) ?? row.path
                    let result = SearchResult(
                        path: "Documents/" + row.path, name: name, kind: SearchKind(rawValue: row.kind) ?? .generic,
                        snippet: text, highlights: highlights,
                        modified: UTCTime(parsing: row.modified) ?? UTCTime(secondsSince1970: 0))
                    hits.append(Hit(path: row.path, version: row.version, result: result))
                }
                return hits
            }
        }
    }

    /// One ranked match as stored, before its snippet is made.
    struct RankedRow {
        var rowid: Int64
        var path: String
        var kind: String
        var modified: String
        var version: String
    }

    /// The best `limit` matches of `expression` with a rowid above `floor`, best first.
    static func rankedRows(_ db: Database, _ expression: String, above floor: Int64, limit: Int) throws -> [RankedRow] {
        let statement = try db.cachedStatement(
            """
            SELECT hit.rowid, e.path, e.kind, e.modified, e.version
            FROM (
                SELECT rowid, \(score) AS score
                FROM text WHERE text MATCH ? AND rowid > ? ORDER BY score LIMIT ?
            ) AS hit
            JOIN entries AS e ON e.id = hit.rowid
            ORDER BY hit.score
            """)
        try statement.bind(expression, floor, limit)
        var rows: [RankedRow] = []
        try statement.forEachRow { row in
            rows.append(
                RankedRow(
                    rowid: try row.value(at: 0), path: try row.value(at: 1), kind: try row.value(at: 2),
                    modified: try row.value(at: 3), version: try row.value(at: 4)))
        }
        return rows
    }

    /// A snippet without its marks, line breaks and tabs made spaces, and where the marked words are.
    static func unmarked(_ marked: String) -> (String, [SearchResult.Highlight]) {
        var text = String.UnicodeScalarView()
        var highlights: [SearchResult.Highlight] = []
        var offset = 0
        var start: Int?
        for scalar in marked.unicodeScalars {
            switch scalar {
            case matchStart:
                start = offset
            case matchEnd:
                if let begin = start, offset > begin {
                    highlights.append(SearchResult.Highlight(offset: begin, length: offset - begin))
                }
                start = nil
            case "\n", "\r", "\t":
                text.append(" ")
                offset += 1
            default:
                text.append(scalar)
                offset += UTF16.width(scalar)
            }
        }
        return (String(text), highlights)
    }
}
