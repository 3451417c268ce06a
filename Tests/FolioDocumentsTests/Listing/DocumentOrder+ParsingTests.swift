import FolioDocuments
import Testing

@Suite struct DocumentOrderParsingTests {
    @Test(arguments: DocumentOrder.spellings)
    func readsEverySpellingBackAsItself(_ spelling: String) throws {
        #expect(try DocumentOrder(parsing: spelling).spelling == spelling)
    }

    @Test func aLeadingDashIsTheOtherWayRound() throws {
        #expect(try DocumentOrder(parsing: "name") == .name)
        #expect(try DocumentOrder(parsing: "date") == .date)
        #expect(try DocumentOrder(parsing: "-name") == DocumentOrder.name.reversed)
        #expect(try DocumentOrder(parsing: "-date") == DocumentOrder.date.reversed)
    }

    /// The sentence both shells show: the CLI's `--sort` and the web API's `?sort=`.
    @Test(arguments: ["size", "Name", "", "--date", "name "])
    func refusesAnythingElseNamingTheSpellings(_ text: String) throws {
        let error = try #require(throws: DocumentError.self) { try DocumentOrder(parsing: text) }
        #expect(error.code == .unknownOrder)
        #expect(error.reason == "documents sort by name, date, -name or -date, not '\(text)'")
    }
}
