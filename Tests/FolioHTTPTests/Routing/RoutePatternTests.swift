import FolioHTTP
import Testing

@Suite struct RoutePatternTests {
    struct Case: Sendable, CustomStringConvertible {
        var pattern: String
        var path: String
        var bound: [String: [String]]?
        var description: String { "\(pattern) ← \(path)" }
    }

    static let cases: [Case] = [
        Case(pattern: "/api/info", path: "/api/info", bound: [:]),
        Case(pattern: "/api/info", path: "/api/info/", bound: [:]),
        Case(pattern: "/api/info", path: "//api//info", bound: [:]),
        Case(pattern: "/api/info", path: "/api/%69nfo", bound: [:]),
        Case(pattern: "/api/info", path: "/api/infos", bound: nil),
        Case(pattern: "/api/info", path: "/api/info/more", bound: nil),
        Case(pattern: "/api/documents/{name}", path: "/api/documents/a%20b.txt", bound: ["name": ["a b.txt"]]),
        Case(pattern: "/api/documents/{name}", path: "/api/documents/a%2Fb", bound: ["name": ["a/b"]]),
        Case(pattern: "/api/documents/{name}", path: "/api/documents", bound: nil),
        Case(pattern: "/api/documents/{name}", path: "/api/documents/a/b", bound: nil),
        Case(pattern: "/api/files/{path...}", path: "/api/files", bound: ["path": []]),
        Case(pattern: "/api/files/{path...}", path: "/api/files/", bound: ["path": []]),
        Case(
            pattern: "/api/files/{path...}", path: "/api/files/Documents/a%20b/c.txt",
            bound: ["path": ["Documents", "a b", "c.txt"]]),
        Case(
            pattern: "/api/db/{path...}/tables/{table}/rows", path: "/api/db/Library/Database/x.db/tables/t/rows",
            bound: ["path": ["Library", "Database", "x.db"], "table": ["t"]]),
        // The rest may itself hold the literals that follow it: it takes what they leave.
        Case(
            pattern: "/api/db/{path...}/tables/{table}/rows", path: "/api/db/tables/rows/tables/t/rows",
            bound: ["path": ["tables", "rows"], "table": ["t"]]),
        Case(
            pattern: "/api/db/{path...}/tables/{table}/rows", path: "/api/db/tables/t/rows",
            bound: ["path": [], "table": ["t"]]),
        Case(pattern: "/api/db/{path...}/tables/{table}/rows", path: "/api/db/x.db/tables/t/blob", bound: nil),
        Case(pattern: "/api/db/{path...}/tables/{table}/rows", path: "/api/db/x.db/tables/rows", bound: nil),
        Case(pattern: "/api/db/{path...}/tables", path: "/api/db/a%2Fb.db/tables", bound: ["path": ["a/b.db"]]),
        Case(pattern: "/{path...}", path: "/", bound: ["path": []]),
    ]

    @Test(arguments: cases)
    func matchesDecodedComponents(_ test: Case) throws {
        let components = try #require(HTTPRequest(method: .get, rawPath: test.path).pathComponents)
        #expect(RoutePattern(test.pattern).match(components) == test.bound)
    }

    @Test func keepsItsTextAndComponents() {
        let pattern: RoutePattern = "/api/db/{path...}/tables/{table}/rows"
        #expect(pattern.description == "/api/db/{path...}/tables/{table}/rows")
        #expect(
            pattern.components == [
                .literal("api"), .literal("db"), .rest("path"), .literal("tables"), .parameter("table"),
                .literal("rows"),
            ])
    }
}
