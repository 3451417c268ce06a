import FolioTables
import Foundation
import Testing

@Suite struct IndexPathTableTests {
    @Test func isAGeneralPathOfIndicesWrittenWithDots() throws {
        let path = IndexPath(indexes: [1, 5, 8, 33])
        #expect(path.dotted == "1.5.8.33")
        #expect(IndexPath(dotted: "1.5.8.33") == path)
        #expect(IndexPath(dotted: "1.5.8.33")?.count == 4)
    }

    @Test func aTableRowHasASectionAndARow() {
        let path = IndexPath(row: 3, section: 1)
        #expect(path.section == 1)
        #expect(path.row == 3)
        #expect(path == [1, 3])
        #expect(path.dotted == "1.3")
    }

    @Test func rowsOrderBySectionThenRow() {
        let paths = [IndexPath(row: 0, section: 1), IndexPath(row: 10, section: 0), IndexPath(row: 2, section: 0)]
        #expect(paths.sorted().map(\.dotted) == ["0.2", "0.10", "1.0"])
    }

    @Test(arguments: ["", "1..2", "1.-2", "+1", " 1", "1.a", "99999999999999999999999"])
    func refusesWhatIsNotADottedPath(text: String) {
        #expect(IndexPath(dotted: text) == nil)
    }
}
