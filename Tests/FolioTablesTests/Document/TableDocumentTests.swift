import FolioTables
import Foundation
import Testing

@Suite struct TableDocumentTests {
    @Test func theFormatComesFromTheName() {
        #expect(TableFormat(fileName: "Documents/a.CSV") == .csv)
        #expect(TableFormat(fileName: "a.tab") == .tsv)
        #expect(TableFormat(fileName: "reply.xml") == .xml)
        #expect(TableFormat(fileName: "dir.json/file") == nil)
        #expect(TableFormat(fileName: "README") == nil)
    }

    @Test func opensCSVWithSectionsAndWritesItBack() throws {
        var options = TableOptions()
        options.sections = "section"
        let document = try TableDocument(
            bytes: MemoryBytes(RowsDataSourceTests.simpsons), name: "s.csv", options: options)
        let table = TableView(dataSource: document.dataSource)
        table.setEditing(true)
        try table.commit(.delete, forRowAt: IndexPath(row: 0, section: 1))
        var output: [UInt8] = []
        try document.write { output += $0 }
        let text = String(decoding: output, as: UTF8.self)
        #expect(!text.contains("Ned Flanders"))
        #expect(text.hasPrefix("section,name,role,image\nThe Simpsons Family,Homer Jay Simpson,Father,0-0.png\n"))
        #expect(text.split(separator: "\n").count == 4)
    }

    @Test func xmlNeedsARowsXPathAndIsReadOnly() throws {
        let bytes = MemoryBytes(XMLRowsTests.reply)
        let missing = try #require(throws: TableError.self) {
            try TableDocument(bytes: bytes, name: "reply.xml", options: TableOptions())
        }
        #expect(missing.code == .unsupportedFormat)
        var options = TableOptions()
        options.rowsXPath = "//entry"
        options.columnXPaths = ["title", "population"]
        options.style = .value1
        let document = try TableDocument(bytes: bytes, name: "reply.xml", options: options)
        let text = try TerminalRenderer(width: 40, height: 10).string(of: TableView(dataSource: document.dataSource))
        #expect(
            text == "Plano, Texas" + String(repeating: " ", count: 22) + "245411\n" + "Collin & Denton"
                + String(repeating: " ", count: 19) + "782341\n")
        let error = try #require(throws: TableError.self) { try document.write { _ in } }
        #expect(error.code == .unsupportedFormat)
    }

    @Test func anUnknownFormatIsAClearError() throws {
        let error = try #require(throws: TableError.self) {
            try TableDocument(bytes: MemoryBytes("x"), name: "notes.txt", options: TableOptions())
        }
        #expect(error.description.contains("choose one of csv, tsv, json, xml"))
    }
}
