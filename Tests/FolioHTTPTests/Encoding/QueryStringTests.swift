import FolioHTTP
import Testing

@Suite struct QueryStringTests {
    @Test func decodesPairsAsTheServerDoes() {
        #expect(QueryString.decode("limit=50&sort=-date") == ["limit": "50", "sort": "-date"])
        #expect(QueryString.decode("q=a+b%2Bc&q=last") == ["q": "last"])
        #expect(QueryString.decode("flag&empty=&&x=1=2") == ["flag": "", "empty": "", "x": "1=2"])
        #expect(QueryString.decode("bad=%zz&%zz=dropped") == ["bad": ""])
        #expect(QueryString.decode("").isEmpty)
    }
}
