import FolioTables
import Foundation
import Testing

@Suite struct TableViewSelectionTests {
    final class Recorder: TableDelegate {
        var events: [String] = []
        var redirect: [IndexPath: IndexPath?] = [:]

        func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            if let target = redirect[indexPath] { return target }
            return indexPath
        }

        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
            events.append("select \(indexPath)")
        }

        func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
            events.append("deselect \(indexPath)")
        }
    }

    @Test func selectingTellsTheDelegateAndMarksTheCell() throws {
        let table = TableView(dataSource: SimpsonsList())
        let recorder = Recorder()
        table.delegate = recorder
        try table.scrollToTop()
        try table.selectRow(at: IndexPath(row: 2, section: 0))
        try table.selectRow(at: IndexPath(row: 4, section: 0))
        #expect(recorder.events == ["select [0, 2]", "deselect [0, 2]", "select [0, 4]"])
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.isSelected == true)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == false)
    }

    @Test func theDelegateCanRedirectOrRefuse() throws {
        let table = TableView(dataSource: SimpsonsList())
        let recorder = Recorder()
        recorder.redirect = [
            IndexPath(row: 0, section: 0): IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0): .none,
        ]
        table.delegate = recorder
        #expect(try table.selectRow(at: IndexPath(row: 0, section: 0)) == IndexPath(row: 1, section: 0))
        #expect(try table.selectRow(at: IndexPath(row: 3, section: 0)) == nil)
        #expect(table.selectedRow == IndexPath(row: 1, section: 0))
    }

    @Test func theSelectionFollowsItsRowThroughADeletion() throws {
        let table = TableView(dataSource: SimpsonsList())
        try table.scrollToTop()
        try table.selectRow(at: IndexPath(row: 5, section: 0))
        let source = try #require(table.dataSource as? SimpsonsList)
        source.names.remove(at: 1)
        try table.deleteRows(at: [IndexPath(row: 1, section: 0)])
        #expect(table.selectedRow == IndexPath(row: 4, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.isSelected == true)
    }

    @Test func editingModeClearsTheSelection() throws {
        let table = TableView(dataSource: SimpsonsList())
        try table.selectRow(at: IndexPath(row: 0, section: 0))
        table.setEditing(true)
        #expect(table.selectedRow == nil)
        #expect(try table.selectRow(at: IndexPath(row: 0, section: 0)) == nil)
    }
}
