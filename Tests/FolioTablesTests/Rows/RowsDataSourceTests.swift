import FolioTables
import Foundation
import Testing

@Suite struct RowsDataSourceTests {
    static let simpsons = """
        section,name,role,image
        The Simpsons Family,Homer Jay Simpson,Father,0-0.png
        The Others,Ned Flanders,Neighbour,0-1.png
        The Simpsons Family,Marjorie "Marge" Simpson,Mother,1-0.png
        The Others,Apu Nahasapeemapetilon,Shopkeeper,1-1.png
        """

    func source() throws -> CSVFile {
        try CSVFile(MemoryBytes(Self.simpsons), name: "simpsons.csv")
    }

    @Test func theSectionColumnGroupsRowsInOrderOfFirstAppearance() throws {
        let csv = try source()
        let mapping = try ColumnMapping(columns: csv.columns, image: "image", sections: "section", style: .subtitle)
        let data = try RowsDataSource(
            source: csv, mapping: mapping, footers: ["End of Simpsons Family", "End of The Others"])
        let table = TableView(dataSource: data)
        #expect(try table.numberOfSections() == 2)
        #expect(data.titleForHeader(in: 0) == "The Simpsons Family")
        #expect(data.titleForHeader(in: 1) == "The Others")
        #expect(data.titleForFooter(in: 1) == "End of The Others")
        try table.scrollToTop()
        let cells = table.visibleRows().map { "\($0.indexPath.dotted) \($0.cell.text ?? "") / \($0.cell.detail ?? "")" }
        #expect(
            cells == [
                "0.0 Homer Jay Simpson / Father", "0.1 Marjorie \"Marge\" Simpson / Mother",
                "1.0 Ned Flanders / Neighbour", "1.1 Apu Nahasapeemapetilon / Shopkeeper",
            ])
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 1))?.image?.name == "1-1.png")
    }

    @Test func aTitleTemplateServesEverySection() throws {
        let csv = try source()
        let data = try RowsDataSource(
            source: csv, mapping: try ColumnMapping(columns: csv.columns, sections: "1"),
            headers: ["— {section} —"], footers: ["End of {section}"])
        #expect(data.titleForHeader(in: 1) == "— The Others —")
        #expect(data.titleForFooter(in: 0) == "End of The Simpsons Family")
    }

    @Test func columnsDefaultToTheFirstTwoAndMayBeNumbered() throws {
        let columns = ["section", "name", "role", "image"]
        #expect(try ColumnMapping(columns: columns) == ColumnMapping(text: 0, detail: 1))
        #expect(
            try ColumnMapping(columns: columns, sections: "section") == ColumnMapping(text: 1, detail: 2, sections: 0))
        #expect(try ColumnMapping(columns: columns, text: "3") == ColumnMapping(text: 2, detail: 0))
        let error = try #require(throws: TableError.self) { try ColumnMapping(columns: columns, detail: "age") }
        #expect(error.code == .unknownColumn)
        #expect(error.reason.contains("its columns are section, name, role, image"))
    }

    @Test func deletedRowsAreSkippedAndTheRestKept() throws {
        let csv = try CSVFile(MemoryBytes("n\n" + (0..<1000).map { "row \($0)\n" }.joined()), name: "rows.csv")
        let data = try RowsDataSource(source: csv, mapping: ColumnMapping(text: 0), isEditable: true)
        let table = TableView(dataSource: data, windowSize: 5)
        table.setEditing(true)
        for row in [500, 0, 0, 996] {
            try table.commit(.delete, forRowAt: IndexPath(row: row, section: 0))
        }
        #expect(try table.numberOfRows(inSection: 0) == 996)
        try table.scrollToRow(at: IndexPath(row: 0, section: 0))
        #expect(table.visibleRows().map { $0.cell.text } == ["row 2", "row 3", "row 4", "row 5", "row 6"])
        #expect(try data.values(at: IndexPath(row: 497, section: 0)) == ["row 499"])
        #expect(try data.values(at: IndexPath(row: 498, section: 0)) == ["row 501"])
        let kept = Array(try data.keptRows())
        #expect(kept.count == 996)
        #expect(!kept.contains(500) && !kept.contains(0) && !kept.contains(1) && !kept.contains(999))
    }

    @Test func aReadOnlySourceRefusesEdits() throws {
        let csv = try source()
        let data = try RowsDataSource(source: csv, mapping: ColumnMapping(text: 1))
        let table = TableView(dataSource: data)
        table.setEditing(true)
        let error = try #require(throws: TableError.self) {
            try table.commit(.delete, forRowAt: IndexPath(row: 0, section: 0))
        }
        #expect(error.code == .notEditable)
    }
}
