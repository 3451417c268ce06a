import FolioTables
import Foundation
import Testing

@Suite struct TableViewEditingTests {
    @Test func deletingNeedsEditingMode() throws {
        let source = SimpsonsList()
        let table = TableView(dataSource: source)
        let error = try #require(throws: TableError.self) {
            try table.commit(.delete, forRowAt: IndexPath(row: 7, section: 0))
        }
        #expect(error.code == .notEditable)
        #expect(source.names.count == 11)
    }

    @Test func deletingInEditingModeUpdatesTheModelAndTheWindow() throws {
        let source = SimpsonsList()
        let table = TableView(dataSource: source)
        try table.scrollToTop()
        table.setEditing(true)
        try table.commit(.delete, forRowAt: IndexPath(row: 7, section: 0))
        #expect(!source.names.contains("Ned Flanders"))
        #expect(try table.numberOfRows(inSection: 0) == 10)
        #expect(table.visibleRows().map { $0.cell.text } == source.names)
        #expect(table.visibleIndexPaths.last == IndexPath(row: 9, section: 0))
    }

    @Test func deletingInASectionLeavesTheOtherSectionAlone() throws {
        let source = SimpsonsSections()
        let table = TableView(dataSource: source, windowSize: 20)
        try table.scrollToTop()
        table.setEditing(true)
        try table.commit(.delete, forRowAt: IndexPath(row: 0, section: 1))
        #expect(source.sections[1] == Array(Simpsons.others.dropFirst()))
        #expect(try table.numberOfRows(inSection: 0) == 7)
        #expect(try table.numberOfRows(inSection: 1) == 3)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 1))?.text == "Apu Nahasapeemapetilon")
    }

    @Test func aDataSourceCanKeepItsRows() throws {
        let table = TableView(dataSource: GeneratedRows(count: 3))
        table.setEditing(true)
        let error = try #require(throws: TableError.self) {
            try table.commit(.delete, forRowAt: IndexPath(row: 0, section: 0))
        }
        #expect(error.code == .notEditable)
    }

    @Test func deletingARowThatIsNotThereChangesNothing() throws {
        let source = SimpsonsList()
        let table = TableView(dataSource: source)
        table.setEditing(true)
        let error = try #require(throws: TableError.self) {
            try table.commit(.delete, forRowAt: IndexPath(row: 11, section: 0))
        }
        #expect(error.code == .noSuchRow)
        #expect(source.names.count == 11)
    }

    @Test func insertingAddsARowAndShiftsTheRest() throws {
        let source = SimpsonsList(Array(Simpsons.all.prefix(3)))
        let table = TableView(dataSource: source)
        try table.scrollToTop()
        table.setEditing(true)
        try table.commit(.insert, forRowAt: IndexPath(row: 3, section: 0))
        try table.commit(.insert, forRowAt: IndexPath(row: 0, section: 0))
        #expect(table.visibleRows().map { $0.cell.text } == ["New Simpson"] + Simpsons.all.prefix(3) + ["New Simpson"])
    }

    @Test func movingARowBetweenSections() throws {
        let source = SimpsonsSections()
        let table = TableView(dataSource: source, windowSize: 20)
        try table.scrollToTop()
        table.setEditing(true)
        try table.commitMove(from: IndexPath(row: 6, section: 0), to: IndexPath(row: 0, section: 1))
        #expect(source.sections[1].first == "Santa’s Little Helper")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 1))?.text == "Santa’s Little Helper")
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 1))?.text == "Ned Flanders")
        #expect(try table.numberOfRows(inSection: 0) == 6)
    }

    @Test func aModelChangeThatDoesNotMatchTheUpdateIsRefused() throws {
        let source = SimpsonsList()
        let table = TableView(dataSource: source)
        try table.scrollToTop()
        source.names.removeLast(2)
        let error = try #require(throws: TableError.self) { try table.deleteRows(at: [IndexPath(row: 0, section: 0)]) }
        #expect(error.code == .inconsistentUpdate)
        // The table reloaded, so it shows what the model holds.
        #expect(try table.numberOfRows(inSection: 0) == 9)
        #expect(table.visibleRows().map { $0.cell.text } == source.names)
    }

    @Test func reloadDataAsksAgain() throws {
        let source = SimpsonsList()
        let table = TableView(dataSource: source)
        try table.scrollToTop()
        source.names = ["Only One"]
        try table.reloadData()
        #expect(table.visibleRows().map { $0.cell.text } == ["Only One"])
    }
}
