import FolioTables
import Foundation
import Testing

@Suite struct TableEditorTests {
    @Test func aDeletionWaitsForItsConfirmation() throws {
        let source = SimpsonsSections()
        let editor = TableEditor(table: TableView(dataSource: source))
        #expect(editor.table.isEditing)
        #expect(try editor.handle("delete 1.0").lines == ["Delete 1.0 “Ned Flanders”?"])
        #expect(editor.prompt == "delete? [y/N] ")
        #expect(try editor.handle("y").lines == ["Deleted 1.0 “Ned Flanders”."])
        #expect(source.sections[1].first == "Apu Nahasapeemapetilon")
        #expect(try editor.handle("delete 0.0").outcome == .proceed)
        #expect(try editor.handle("").lines == ["Kept 0.0."])
        #expect(source.sections[0].count == 7)
    }

    @Test func quittingWithUnsavedDeletionsIsRefusedUntilSaved() throws {
        let editor = TableEditor(table: TableView(dataSource: SimpsonsList()))
        _ = try editor.handle("delete 3")
        _ = try editor.handle("yes")
        #expect(editor.hasUnsavedChanges)
        #expect(try editor.handle("quit").outcome == .proceed)
        #expect(try editor.handle("save").outcome == .save)
        editor.didSave()
        #expect(try editor.handle("quit").outcome == .quit)
        #expect(try editor.handle("quit!").outcome == .quit)
    }

    @Test func mistypedCommandsAreAnsweredNotThrown() throws {
        let editor = TableEditor(table: TableView(dataSource: SimpsonsList()))
        #expect(try editor.handle("delete 99").lines == ["There is no row 99; 'list' shows the rows."])
        #expect(try editor.handle("delete x.y").lines == ["There is no row x.y; 'list' shows the rows."])
        #expect(try editor.handle("frobnicate").lines == ["Unknown command 'frobnicate'; 'help' lists the commands."])
        #expect(try editor.handle("help").lines.count == 4)
    }

    @Test func listingPagesThroughTheRows() throws {
        let editor = TableEditor(table: TableView(dataSource: SimpsonsSections()))
        editor.pageSize = 8
        let first = try editor.handle("list").lines
        #expect(first.first == "— The Simpsons Family")
        #expect(first[1] == "0.0   Homer Jay Simpson")
        #expect(first.contains("— The Others"))
        let second = try editor.handle("list").lines
        #expect(second.first == "— The Others")
        #expect(second.last == "(end of table)")
    }

    @Test func deletingSeveralRowsKeepsEachPathMeaningWhatItSaid() throws {
        let source = SimpsonsList()
        let editor = TableEditor(table: TableView(dataSource: source))
        let deleted = try editor.delete([IndexPath(row: 0, section: 0), IndexPath(row: 7, section: 0)])
        #expect(deleted.map(\.label) == ["“Homer Jay Simpson”", "“Ned Flanders”"])
        #expect(!source.names.contains("Homer Jay Simpson") && !source.names.contains("Ned Flanders"))
        #expect(source.names.count == 9)
        let error = #expect(throws: TableError.self) { try editor.delete([IndexPath(row: 20, section: 0)]) }
        #expect(error?.code == .noSuchRow)
    }
}
