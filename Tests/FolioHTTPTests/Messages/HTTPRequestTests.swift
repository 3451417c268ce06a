import FolioHTTP
import Testing

@Suite struct HTTPRequestTests {
    @Test func findsACookieAmongOthersWhateverTheSpacing() {
        let request = HTTPRequest(
            method: .get, rawPath: "/",
            headers: HTTPHeaders([("cookie", "theme=dark;folio_token= abc ; other=x=y"), ("Cookie", "late=1")]))
        #expect(request.cookie("folio_token") == "abc")
        #expect(request.cookie("theme") == "dark")
        #expect(request.cookie("other") == "x=y")
        #expect(request.cookie("late") == "1")
        #expect(request.cookie("folio") == nil)
        #expect(request.cookie("token") == nil)
        #expect(HTTPRequest(method: .get, rawPath: "/").cookie("folio_token") == nil)
    }

    @Test func splitsThePathOnceAndAgainWhenItChanges() {
        var request = HTTPRequest(method: .get, rawPath: "/api/files/Documents/a%20b.txt")
        #expect(request.pathComponents == ["api", "files", "Documents", "a b.txt"])
        request.rawPath = "/api/files/%2e%2e%2fetc"
        #expect(request.pathComponents == ["api", "files", "../etc"])
        request.rawPath = "/bad/%zz"
        #expect(request.pathComponents == nil)
    }

    @Test func aTargetIsSplitIntoThePathAndTheDecodedQuery() {
        let request = HTTPRequest(method: .get, target: "/api/a%20b/c?q=1+2&x=%C3%A9&flag&bad=%zz&%zz=1&q=3")
        #expect(request.rawPath == "/api/a%20b/c")
        #expect(request.pathComponents == ["api", "a b", "c"])
        #expect(request.query == ["q": "3", "x": "é", "flag": "", "bad": ""])
        #expect(HTTPRequest(method: .get, target: "/plain").query.isEmpty)
    }

    @Test func aRequestIsConditionalWhenItCarriesAPrecondition() {
        #expect(!HTTPRequest(method: .put, rawPath: "/a").isConditional)
        for name in ["If-Match", "if-none-match", "If-Unmodified-Since"] {
            #expect(HTTPRequest(method: .put, rawPath: "/a", headers: HTTPHeaders([(name, "x")])).isConditional)
        }
    }
}
