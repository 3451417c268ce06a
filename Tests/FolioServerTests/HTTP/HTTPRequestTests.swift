import FolioServer
import Testing

@Suite struct HTTPRequestTests {
    @Test func findsACookieAmongOthersWhateverTheSpacing() {
        let request = HTTPRequest(
            method: "GET", rawPath: "/",
            headers: HTTPHeaders([("cookie", "theme=dark;folio_token= abc ; other=x=y"), ("Cookie", "late=1")]))
        #expect(request.cookie("folio_token") == "abc")
        #expect(request.cookie("theme") == "dark")
        #expect(request.cookie("other") == "x=y")
        #expect(request.cookie("late") == "1")
        #expect(request.cookie("folio") == nil)
        #expect(request.cookie("token") == nil)
        #expect(HTTPRequest(method: "GET", rawPath: "/").cookie("folio_token") == nil)
    }

    @Test func headerNamesMatchWithoutRegardToCaseOnly() {
        var headers = HTTPHeaders([("Content-Type", "text/plain"), ("X-Folio-Request", "1")])
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers["x-folio-request"] == "1")
        #expect(headers["Content-Typf"] == nil)
        #expect(headers["Content-Type "] == nil)
        // Bytes that differ by 0x20 but are not letters are different names.
        #expect(headers["Content\u{0D}Type"] == nil)
        headers.set("CONTENT-TYPE", "application/json")
        #expect(headers.values("content-type") == ["application/json"])
    }

    @Test func splitsThePathOnceAndAgainWhenItChanges() {
        var request = HTTPRequest(method: "GET", rawPath: "/api/files/Documents/a%20b.txt")
        #expect(request.pathComponents == ["api", "files", "Documents", "a b.txt"])
        request.rawPath = "/api/files/%2e%2e%2fetc"
        #expect(request.pathComponents == ["api", "files", "../etc"])
        request.rawPath = "/bad/%zz"
        #expect(request.pathComponents == nil)
    }
}
