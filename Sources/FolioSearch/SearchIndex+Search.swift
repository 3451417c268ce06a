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
    /// - Complexity: one FTS5 query and a `statx` per result; more only for stale entries.
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

    /// The best `limit` hits of `query` in the index, ranked by BM25.
    func matches(_ query: SearchQuery, limit: Int) throws(SearchError) -> [Hit] {
        let expression = query.ftsExpression
        return try SearchError.translating("search") {
            try pool.read { db in
                let statement = try db.cachedStatement(
                    """
                    SELECT e.path, e.kind, e.modified, e.version, hit.snippet
                    FROM (SELECT rowid, rank, snippet(text, -1, char(2), char(3), '…', 16) AS snippet
                          FROM text WHERE text MATCH ? ORDER BY rank LIMIT ?) AS hit
                    JOIN entries AS e ON e.id = hit.rowid
                    ORDER BY hit.rank
                    """)
                try statement.bind(expression, limit)
                var hits: [Hit] = []
                try statement.forEachRow { row in
                    let path: String = try row.value(at: 0)
                    let (snippet, highlights) = SearchIndex.unmarked(try row.value(at: 4))
                    let name = path.split(separator: "/").last.map(String.init) ?? path
                    let result = SearchResult(
                        path: "Documents/" + path, name: name,
                        kind: SearchKind(rawValue: try row.value(at: 1)) ?? .generic,
                        snippet: snippet, highlights: highlights,
                        modified: UTCTime(parsing: try row.value(at: 2) as String) ?? UTCTime(secondsSince1970: 0))
                    hits.append(Hit(path: path, version: try row.value(at: 3), result: result))
                }
                return hits
            }
        }
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
