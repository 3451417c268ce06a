import FolioHTTP
import Testing

@Suite struct PercentEncodingTests {
    @Test func decodesEachEscapeAndRefusesMalformedOnes() {
        #expect(PercentEncoding.decode("a%20b%2Fc") == "a b/c")
        #expect(PercentEncoding.decode("%C3%A9t%c3%a9") == "été")
        #expect(PercentEncoding.decode("a+b") == "a+b")
        #expect(PercentEncoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentEncoding.decode("%zz") == nil)
        #expect(PercentEncoding.decode("%4") == nil)
        #expect(PercentEncoding.decode("%FF") == nil, "not UTF-8")
    }

    @Test func encodesAllButUnreservedCharacters() {
        #expect(PercentEncoding.encodeComponent("a b/c?d#é~-._") == "a%20b%2Fc%3Fd%23%C3%A9~-._")
        #expect(PercentEncoding.decode(Substring(PercentEncoding.encodeComponent("../x y"))) == "../x y")
    }
}
