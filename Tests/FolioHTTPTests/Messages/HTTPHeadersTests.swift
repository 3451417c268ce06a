import FolioHTTP
import Testing

@Suite struct HTTPHeadersTests {
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

    @Test func keepsFieldsInOrderAndAddKeepsRepeatedNames() {
        var headers = HTTPHeaders([("Set-Cookie", "a=1")])
        headers.add("set-cookie", "b=2")
        headers.add("Vary", "Accept")
        #expect(headers.values("Set-Cookie") == ["a=1", "b=2"])
        #expect(headers.map(\.name) == ["Set-Cookie", "set-cookie", "Vary"])
    }
}
