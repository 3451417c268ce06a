import FolioHTTP
import Testing

@Suite struct RouterTests {
    private func route(_ method: HTTPMethod, _ pattern: RoutePattern, _ name: String) -> Route {
        Route(method, pattern, summary: name) { _ in .text(name) }
    }

    private var router: Router {
        Router([
            route(.get, "/api/documents/{name}", "read"),
            route(.put, "/api/documents/{name}", "save"),
            route(.delete, "/api/documents/{name}", "delete"),
            route(.get, "/api/documents/{name}/prompts", "prompts"),
            route(.get, "/api/files/{path...}", "files"),
            route(.get, "/api/files/special", "never reached: an earlier route matches"),
            route(.put, "/api/files/{path...}", "upload"),
        ])
    }

    private func found(_ method: HTTPMethod, _ path: [String]) -> (summary: String, parameters: [String: [String]])? {
        guard case .found(let route, let parameters) = router.lookup(method, path) else { return nil }
        return (route.summary, parameters)
    }

    @Test func findsTheRouteOfTheMethodAndBindsItsParameters() throws {
        let read = try #require(found(.get, ["api", "documents", "a.txt"]))
        #expect(read.summary == "read")
        #expect(read.parameters == ["name": ["a.txt"]])
        #expect(found(.put, ["api", "documents", "a.txt"])?.summary == "save")
        #expect(found(.get, ["api", "documents", "a.txt", "prompts"])?.summary == "prompts")
    }

    @Test func theFirstMatchingRouteWins() {
        #expect(found(.get, ["api", "files", "special"])?.summary == "files")
    }

    @Test func headIsAnsweredByTheGetRoute() {
        #expect(found(.head, ["api", "files", "Documents"])?.summary == "files")
    }

    @Test func aPathOfOtherMethodsIsNotAllowedAndSaysWhichAre() {
        guard case .methodNotAllowed(let allowed) = router.lookup(.post, ["api", "documents", "a.txt"]) else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.get, .put, .delete])
        guard case .methodNotAllowed(let forFiles) = router.lookup(.patch, ["api", "files", "x"]) else {
            Issue.record("expected 405")
            return
        }
        #expect(forFiles == [.get, .put], "each method once, though two GET routes match")
    }

    @Test func aPathNoPatternMatchesIsNotFound() {
        guard case .notFound = router.lookup(.get, ["api", "nothing"]) else {
            Issue.record("expected 404")
            return
        }
    }
}
