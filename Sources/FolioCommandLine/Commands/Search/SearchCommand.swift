import FolioCore
import FolioSearch

/// `folio search`: the documents whose names or contents have the words, best first.
enum SearchCommand {
    static let query = RepeatedArgument(
        "QUERY", help: "the words to find (all of them, each as a word or the start of one)")
    static let limit = Option(
        "--limit", valueName: "N", help: "show at most N results (default 20, at most 1000)", parse: WholeNumber.parse)

    static let command = Command(
        "search",
        summary: "search the documents' names, notes, drawings' text and tables' cells",
        parameters: [query, limit],
        discussion: "Searches Documents/ and its folders with the index in Library/Caches/search.sqlite, "
            + "brought up to date with the files first. Punctuation separates words; AND, OR and NOT are words. "
            + "With --json: {\"results\":[{\"path\",\"name\",\"kind\",\"snippet\",\"highlights\",\"modified\"}]}, "
            + "each highlight an offset and a length in UTF-16 code units of the snippet."
    ) { arguments, context in
        let limit = arguments[Self.limit] ?? SearchIndex.defaultLimit
        guard (1...SearchIndex.maximumLimit).contains(limit) else {
            throw UsageError(
                "--limit must be from 1 to \(SearchIndex.maximumLimit), not \(limit)", usage: arguments.usage)
        }
        let parsed = try SearchQuery(parsing: arguments[query].joined(separator: " "))
        let index = try SearchIndex(container: try context.container())
        try index.synchronize()
        let results = try index.search(parsed, limit: limit)
        if context.wantsJSON {
            try context.printJSON(SearchResults(results: results))
            return
        }
        let usesColor = context.output.isTerminal && context.environment["NO_COLOR"] == nil
        for result in results {
            context.output.writeVerbatim(line(for: result, usesColor: usesColor) + "\n")
        }
        if results.isEmpty {
            context.output.error("No documents match.")
        }
    }

    /// `path  snippet`, the matched words in bold on a terminal (else in «»), every piece of
    /// text from a file escaped.
    static func line(for result: SearchResult, usesColor: Bool) -> String {
        let (open, close) = usesColor ? ("\u{1B}[1m", "\u{1B}[22m") : ("«", "»")
        let units = Array(result.snippet.utf16)
        var text = UntrustedText.escaped(result.path) + "  "
        var position = 0
        for highlight in result.highlights where highlight.offset >= position {
            let end = min(units.count, highlight.offset + highlight.length)
            text += piece(units, position, highlight.offset) + open + piece(units, highlight.offset, end) + close
            position = end
        }
        return text + piece(units, position, units.count)
    }

    private static func piece(_ units: [UInt16], _ start: Int, _ end: Int) -> String {
        let start = min(start, units.count)
        return UntrustedText.escaped(String(decoding: units[start..<max(start, min(end, units.count))], as: UTF16.self))
    }
}
