import FolioTables
import Foundation
import Testing

@Suite struct JSONRendererTests {
    @Test func writesSectionsWithTheirRows() throws {
        var text = ""
        try JSONRenderer().render(TableView(dataSource: SimpsonsSections())) { text += $0 }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["style"] as? String == "plain")
        let sections = try #require(object["sections"] as? [[String: Any]])
        #expect(sections.count == 2)
        #expect(sections[0]["header"] as? String == "The Simpsons Family")
        #expect(sections[1]["footer"] as? String == "End of The Others")
        let rows = try #require(sections[0]["rows"] as? [[String: Any]])
        #expect(rows.count == 7)
        #expect(rows[1]["text"] as? String == "Marjorie \"Marge\" Simpson")
        #expect(rows[1]["image"] as? String == "1-0.png")
        #expect(rows[1]["detail"] is NSNull)
    }

    @Test func escapesEveryText() throws {
        var text = ""
        let hostile = ["\u{1B}[31m\"quoted\"\\\n\t", "</script>"]
        try JSONRenderer().render(TableView(dataSource: SimpsonsList(hostile))) { text += $0 }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rows = try #require((object["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        #expect(rows.map { $0["text"] as? String } == hostile)
    }

    @Test func anEmptyTableIsValidJSON() throws {
        var text = ""
        try JSONRenderer().render(TableView(dataSource: SimpsonsList([]))) { text += $0 }
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }
}
