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
        #expect(try editor.handle("help").lines.count == 6)
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

    @Test func aPathGivenTwiceIsOneRowDeletedAndReportedOnce() throws {
        let source = SimpsonsList()
        let editor = TableEditor(table: TableView(dataSource: source))
        let homer = IndexPath(row: 0, section: 0)
        let deleted = try editor.delete([homer, IndexPath(row: 1, section: 0), homer])
        #expect(deleted.map(\.path) == [homer, IndexPath(row: 1, section: 0)])
        #expect(source.names.count == 9)
    }

    func editableFile(_ text: String) throws -> RowsDataSource {
        let csv = try CSVFile(MemoryBytes(text), name: "s.csv")
        return try RowsDataSource(source: csv, mapping: ColumnMapping(text: 0, detail: 1), isEditable: true)
    }

    @Test func anInsertionTakesItsValuesOnTheLineOrAsksForThem() throws {
        let data = try editableFile("name,role\nHomer,Father\nMarge,Mother\n")
        let editor = TableEditor(table: TableView(dataSource: data))
        #expect(try editor.handle("insert 0.1 Bart,\"Son, eldest\"").lines == ["Inserted 0.1 “Bart”."])
        #expect(try data.values(at: IndexPath(row: 1, section: 0)) == ["Bart", "Son, eldest"])
        #expect(try editor.handle("insert 3").lines == ["Values for the new row 0.3, separated by commas:"])
        #expect(editor.prompt == "values (name,role)> ")
        #expect(try editor.handle("Lisa,Daughter").lines == ["Inserted 0.3 “Lisa”."])
        #expect(editor.prompt == "edit> ")
        #expect(
            try (0..<4).map { try data.values(at: IndexPath(row: $0, section: 0))[0] } == [
                "Homer", "Bart", "Marge", "Lisa",
            ])
        #expect(editor.hasUnsavedChanges)
    }

    @Test func valuesThatDoNotFitTheColumnsAreAnsweredAndInsertNothing() throws {
        let data = try editableFile("name,role\nHomer,Father\n")
        let editor = TableEditor(table: TableView(dataSource: data))
        #expect(
            try editor.handle("insert 0 Bart").lines == [
                "insert failed for the new row: the table has 2 columns (name, role), but 1 value was given "
                    + "(invalidValues); nothing was inserted."
            ])
        #expect(try editor.handle("insert 5 a,b").lines.first?.hasPrefix("There is no place 0.5") == true)
        #expect(
            try editor.handle("insert x a,b").lines == ["usage: insert PATH [VALUES] (such as insert 0.3 Maggie,Baby)"])
        #expect(try data.numberOfRows(in: 0) == 1)
        #expect(!editor.hasUnsavedChanges)
    }

    @Test func aMoveTakesTheRowToItsNewPlace() throws {
        let data = try editableFile("name\nHomer\nMarge\nBart\n")
        let editor = TableEditor(table: TableView(dataSource: data))
        #expect(try editor.handle("move 2 0").lines == ["Moved 0.2 “Bart” to 0.0."])
        #expect(
            try (0..<3).map { try data.values(at: IndexPath(row: $0, section: 0))[0] } == ["Bart", "Homer", "Marge"])
        #expect(try editor.handle("move 0 7").lines.first?.contains("(noSuchRow)") == true)
        #expect(try editor.handle("move 0").lines == ["usage: move FROM TO (such as move 0.7 0.0)"])
        #expect(try Array(data.editedRows()) == [.source(2), .source(0), .source(1)])
    }
}
