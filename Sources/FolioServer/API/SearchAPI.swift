import FolioHTTP
import FolioSearch

/// `/api/search`: the documents whose names or contents have the words, best first.
struct SearchAPI {
    let index: SearchIndex

    var routes: [Route] {
        [
            Route(
                .get, "/api/search",
                summary: "Search the documents' names, notes, drawings' text and tables' cells, most relevant first: "
                    + "{\"results\":[{\"path\",\"name\",\"kind\",\"snippet\",\"highlights\",\"modified\"}]}; "
                    + "each highlight is an offset and a length in UTF-16 code units of the snippet",
                query: [
                    .init("q", "the words to find (all of them, each as a word or the start of one); required"),
                    .init("limit", "results at most (default 20, at most 1000)"),
                ]
            ) { request in
                guard let text = request.query("q") else {
                    throw HTTPError.badRequest("q is needed: the words to search for")
                }
                let (_, limit) = try request.page(
                    defaultLimit: SearchIndex.defaultLimit, maxLimit: SearchIndex.maximumLimit)
                let query = try SearchQuery(parsing: text)
                try index.synchronizeIfNeeded()
                return .json(SearchResults(results: try index.search(query, limit: limit)))
            }
        ]
    }
}
