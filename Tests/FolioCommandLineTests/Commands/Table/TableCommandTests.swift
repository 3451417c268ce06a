import FolioFiles
import FolioResources
import FolioSandbox
import FolioTables
import FolioTestSupport
import Foundation
import Testing

@testable import FolioCommandLine

@Suite struct TableCommandTests {
    static let sample = "Folio.app/Samples/simpsons.csv"
    static let footers = ["--footer", "End of Simpsons Family", "--footer", "End of The Others"]

    func folio(_ arguments: [String], home: TestContainer, input: String = "") async -> FolioRun {
        await InProcessFolio.run(["--home", home.container.root] + arguments, input: input)
    }

    @Test func showsTheSimpsonsInTwoSectionsWithHeadersAndFooters() async throws {
        let home = try TestContainer()
        let run = await folio(
            ["table", "show", Self.sample, "--sections", "section", "--width", "40"] + Self.footers, home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "The Simpsons Family " + String(repeating: "─", count: 20))
        #expect(lines[1] == "Homer Jay Simpson")
        #expect(lines[2] == "Marjorie \"Marge\" Simpson")
        #expect(lines[8] == "  End of Simpsons Family")
        #expect(lines[9].hasPrefix("The Others ─"))
        #expect(lines.last == "  End of The Others")
        #expect(lines.count == 15)
        #expect(!run.standardOutput.contains("\u{1B}"))
    }

    @Test func stylesAndImagesFollowTheOptions() async throws {
        let home = try TestContainer()
        let run = await folio(
            [
                "table", "show", Self.sample, "--sections", "1", "--image", "image", "--style", "value1", "--width",
                "40",
            ],
            home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[1].hasSuffix("Father"))
        #expect(lines[1].contains(" Homer Jay Simpson "))
        let subtitle = await folio(
            ["table", "show", Self.sample, "--text", "name", "--detail", "role", "--style", "subtitle"], home: home)
        #expect(subtitle.standardOutput.hasPrefix("Homer Jay Simpson\n  Father\n") == false)
        #expect(subtitle.standardOutput.hasPrefix("Homer Jay Simpson\nFather\n"))
    }

    @Test func printsJSONForScripts() async throws {
        let home = try TestContainer()
        let run = await folio(
            ["--json", "table", "show", Self.sample, "--sections", "section"] + Self.footers, home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let sections = try #require(object["sections"] as? [[String: Any]])
        #expect(sections.map { $0["header"] as? String } == ["The Simpsons Family", "The Others"])
        #expect(sections.map { $0["footer"] as? String } == ["End of Simpsons Family", "End of The Others"])
        let others = try #require(sections[1]["rows"] as? [[String: Any]])
        #expect(others.first?["indexPath"] as? String == "1.0")
        #expect(others.first?["text"] as? String == "Ned Flanders")
        #expect(others.first?["detail"] as? String == "Neighbour")
    }

    /// The image column's pictures: their Home paths in JSON, file links in HTML, and the
    /// terminal's symbols unchanged.
    @Test func theImageColumnsPicturesAreFoundBesideTheFile() async throws {
        let home = try TestContainer()
        try home.plant("Documents/people.csv", "name,image\nHomer,faces/homer.png\nBart,nobody.png\n")
        try home.plant("Documents/faces/homer.png", "picture")
        let json = await folio(["--json", "table", "show", "Documents/people.csv", "--image", "image"], home: home)
        #expect(json.status == 0, "\(json.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let rows = try #require((object["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        #expect(rows.map { $0["imagePath"] as? String } == ["Documents/faces/homer.png", nil])
        let html = await folio(["table", "show", "Documents/people.csv", "--image", "image", "--html"], home: home)
        let link = URL(fileURLWithPath: home.absolute("Documents/faces/homer.png")).absoluteString
        #expect(
            html.standardOutput.contains("<img class=\"folio-cell-image\" src=\"\(link)\" alt=\"faces/homer.png\"/>"))
        let terminal = await folio(
            ["table", "show", "Documents/people.csv", "--image", "image", "--width", "40"], home: home)
        let symbol = CellImage(named: "faces/homer.png").symbol
        #expect(terminal.standardOutput.hasPrefix(symbol + " Homer"), "\(terminal.standardOutput)")
    }

    @Test func printsEscapedHTML() async throws {
        let home = try TestContainer()
        try home.plant("Documents/x.csv", "name\n<script>alert(1)</script>\n")
        let run = await folio(["table", "show", "Documents/x.csv", "--html"], home: home)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!run.standardOutput.contains("<script>"))
    }

    @Test func showsAnXMLReplyFromStandardInput() async throws {
        let home = try TestContainer()
        let xml = "<geonames><entry><title>Plano, Texas</title><population>245411</population></entry></geonames>"
        let run = await folio(
            [
                "table", "show", "-", "--xpath", "//entry", "--columns", "title,population", "--style", "value1",
                "--width", "30",
            ],
            home: home, input: xml)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Plano, Texas" + String(repeating: " ", count: 12) + "245411\n")
    }

    @Test func xmlColumnsMayComputeValuesAndHoldCommas() async throws {
        let home = try TestContainer()
        let xml = "<c><book><author>Ralls, Kim</author><price>5.95</price></book></c>"
        try home.plant("Documents/books.xml", xml)
        let list = await folio(
            [
                "--json", "table", "show", "Documents/books.xml", "--xpath", "//book", "--columns",
                "substring-before(author, ','), price * 2",
            ], home: home)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.contains(#""text":"Ralls","detail":"11.9""#), "\(list.standardOutput)")
        let single = await folio(
            [
                "--json", "table", "show", "Documents/books.xml", "--xpath", "//book", "--column",
                "concat(author, ', ', count(*))", "--column", "name()",
            ], home: home)
        #expect(single.status == 0, "\(single.standardError)")
        #expect(single.standardOutput.contains(#""text":"Ralls, Kim, 2","detail":"book""#), "\(single.standardOutput)")
        let both = await folio(
            ["table", "show", "Documents/books.xml", "--xpath", "//book", "--columns", "a", "--column", "b"],
            home: home)
        #expect(both.status == 2)
    }

    @Test(arguments: HostileXML.cases)
    func hostileXMLIsAClearErrorWithExitOne(_ example: HostileXML.Case) async throws {
        let home = try TestContainer()
        let url = URL(fileURLWithPath: home.absolute("Documents/hostile.xml"))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(example.document).write(to: url)
        let run = await folio(
            ["table", "show", "Documents/hostile.xml", "--xpath", example.rows]
                + example.columns.flatMap { ["--column", $0] }, home: home)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("folio: "), "\(run.standardError)")
        #expect(run.standardError.contains("(\(example.code))"), "\(run.standardError)")
        #expect(run.standardError.contains(example.reason), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func theNamespaceAxisOfTheSampleTrackIsATable() async throws {
        let home = try TestContainer()
        let run = await folio(
            ["table", "show", "Folio.app/Samples/white-house-to-pentagon.gpx", "--xpath", "//namespace::*"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("http://www.topografix.com/GPX/1/1"))
        let column = await folio(
            [
                "table", "show", "Folio.app/Samples/white-house-to-pentagon.gpx", "--xpath", "/*", "--column",
                "name(namespace::*[1])", "--column", "namespace::*",
            ], home: home)
        #expect(column.status == 0, "\(column.standardError)")
    }

    @Test func badInputIsAClearError() async throws {
        let home = try TestContainer()
        try home.plant("Documents/bad.csv", "a,b\n1,\"open\n")
        let malformed = await folio(["table", "show", "Documents/bad.csv"], home: home)
        #expect(malformed.status == 1)
        #expect(
            malformed.standardError
                == "folio: read CSV failed for Documents/bad.csv: line 2: a quoted field is not closed (malformedCSV)\n"
        )
        let missing = await folio(["table", "show", "Documents/nope.csv"], home: home)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("open failed for Documents/nope.csv: no such file"))
        let column = await folio(["table", "show", Self.sample, "--detail", "age"], home: home)
        #expect(column.status == 1)
        #expect(column.standardError.contains("choose columns failed for age: no such column"))
        let style = await folio(["table", "show", Self.sample, "--style", "fancy"], home: home)
        #expect(style.status == 2)
        let outside = await folio(["table", "show", "../etc/passwd"], home: home)
        #expect(outside.status == 1)
        #expect(outside.standardError.contains("outsideContainer"))
        let xpath = await folio(["table", "show", "-", "--xpath", "count(//a)"], home: home, input: "<a/>")
        #expect(xpath.status == 1)
        #expect(xpath.standardError.contains("invalidXPath"))
    }

    @Test func showsTheRowsOfAnSQLiteQueryWithBoundValues() async throws {
        let home = try TestContainer()
        let financial = "Library/Database/financial.db"
        let run = await folio(
            [
                "table", "show", financial, "--style", "value1", "--width", "30", "--sql",
                "SELECT symbol, purchasePrice FROM stocks WHERE purchasePrice > ? ORDER BY symbol", "--param", "20",
            ], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                GOOG                    600.77
                MSFT                     30.23
                NT                       20.23

                """)
        let json = await folio(
            ["--json", "table", "show", financial, "--sql", "SELECT symbol FROM stocks"], home: home)
        #expect(json.standardOutput.contains(#""text":"ALU""#))
        let writes = await folio(["table", "show", financial, "--sql", "DELETE FROM stocks"], home: home)
        #expect(writes.status == 1)
        #expect(writes.standardError.contains("the query box is read-only"))
        #expect(await folio(["table", "show", financial], home: home).status == 2)
        #expect(await folio(["table", "show", Self.sample, "--param", "1"], home: home).status == 2)
        let count = await folio(["db", "exec", financial, "SELECT count(*) AS n FROM stocks"], home: home)
        #expect(count.standardOutput == "n\n4\n(1 row)\n")
    }

    @Test func editDeletesConfirmedRowsAndWritesTheFileBack() async throws {
        let home = try TestContainer()
        let original = try String(
            contentsOfFile: FolioResources.bundleDirectory + "/Samples/simpsons.csv", encoding: .utf8)
        try home.plant("Documents/Simpsons.csv", original)
        let run = await folio(
            [
                "table", "edit", "Documents/Simpsons.csv", "--sections", "section", "--delete", "1.0", "--delete",
                "0.1", "--yes",
            ],
            home: home)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Deleted 1.0 “Ned Flanders”."))
        #expect(run.standardOutput.contains("Saved Documents/Simpsons.csv."))
        let saved = try #require(home.read("Documents/Simpsons.csv"))
        #expect(!saved.contains("Ned Flanders") && !saved.contains("Marge"))
        #expect(saved.split(separator: "\n").count == original.split(separator: "\n").count - 2)
        #expect(saved.contains("The Simpsons Family,\"Bartholomew \"\"Bart\"\" J Simpson\",Son,2-0.png\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: home.absolute("Documents/Simpsons.csv"))
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
    }

    @Test func editWithoutConfirmationChangesNothing() async throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name\nHomer\nMarge\n")
        let run = await folio(["table", "edit", "Documents/s.csv", "--delete", "0"], home: home)
        #expect(run.status == 1)
        #expect(run.standardError.contains("refusing to ask for confirmation without a terminal; pass --yes"))
        #expect(home.read("Documents/s.csv") == "name\nHomer\nMarge\n")
        let missing = await folio(["table", "edit", "Documents/s.csv", "--delete", "5", "--yes"], home: home)
        #expect(missing.status == 1)
        #expect(home.read("Documents/s.csv") == "name\nHomer\nMarge\n")
    }

    @Test func editIsDrivenByCommandsOnStandardInput() async throws {
        let home = try TestContainer()
        try home.plant(
            "Documents/s.json", "[\n  {\"name\": \"Homer\"},\n  {\"name\": \"Ned\"},\n  {\"name\": \"Marge\"}\n]\n")
        let run = await folio(
            ["table", "edit", "Documents/s.json"], home: home,
            input: "list\ndelete 0.1\ny\ndelete 0\nno\nsave\nquit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("0.1   Ned"))
        #expect(run.standardOutput.contains("Delete 0.1 “Ned”?\nDeleted 0.1 “Ned”."))
        #expect(run.standardOutput.contains("Delete 0.0 “Homer”?\nKept 0.0."))
        #expect(home.read("Documents/s.json") == "[\n  {\"name\": \"Homer\"},\n  {\"name\": \"Marge\"}\n]\n")
    }

    @Test func savingWithoutADeletionLeavesTheFileAsItIs() async throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name,role\nHomer,Father\n")
        let path = home.absolute("Documents/s.csv")
        let old = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let run = await folio(["table", "edit", "Documents/s.csv"], home: home, input: "save\nquit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Nothing to save"))
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(modified == old)
    }

    @Test func editThatEndsBeforeSaveWritesNothing() async throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name\nHomer\n")
        let run = await folio(["table", "edit", "Documents/s.csv"], home: home, input: "delete 0\ny\n")
        #expect(run.status == 1)
        #expect(run.standardError.contains("the changes were not saved"))
        #expect(home.read("Documents/s.csv") == "name\nHomer\n")
    }

    @Test func theBundleAndXMLCannotBeEdited() async throws {
        let home = try TestContainer()
        let bundle = await folio(["table", "edit", Self.sample, "--delete", "0", "--yes"], home: home)
        #expect(bundle.status == 1)
        #expect(bundle.standardError.contains("readOnly"))
        try home.plant("Documents/r.xml", "<a><b>1</b></a>")
        let xml = await folio(["table", "edit", "Documents/r.xml", "--xpath", "//b"], home: home)
        #expect(xml.status == 1)
        #expect(xml.standardError.contains("xml tables cannot be edited"))
    }

    @Test func insertAddsARowWithTheValuesGivenOrReadFromInput() async throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name,role\r\nHomer,Father\r\n\"Marge\",Mother\r\n")
        let run = await folio(
            ["table", "edit", "Documents/s.csv", "--insert", "0.1", "--values", "Bart,\"Son, eldest\""], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Inserted 0.1 “Bart”.\nSaved Documents/s.csv.\n")
        #expect(
            home.read("Documents/s.csv") == "name,role\r\nHomer,Father\r\nBart,\"Son, eldest\"\r\n\"Marge\",Mother\r\n")
        let asked = await folio(
            ["--json", "table", "edit", "Documents/s.csv", "--insert", "3"], home: home, input: "Lisa,Daughter\n")
        #expect(asked.status == 0, "\(asked.standardError)")
        #expect(asked.standardOutput.contains(#""indexPath" : "0.3""#), "\(asked.standardOutput)")
        #expect(asked.standardOutput.contains(#""label" : "“Lisa”""#))
        #expect(asked.standardOutput.contains(#""rows" : 4"#))
        #expect(home.read("Documents/s.csv")?.hasSuffix("\"Marge\",Mother\r\nLisa,Daughter\r\n") == true)
    }

    @Test func insertRefusesValuesThatDoNotMatchTheColumns() async throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name,role\nHomer,Father\n")
        let run = await folio(["table", "edit", "Documents/s.csv", "--insert", "0", "--values", "a,b,c"], home: home)
        #expect(run.status == 1)
        #expect(run.standardError.contains("the table has 2 columns (name, role), but 3 values were given"))
        let none = await folio(["table", "edit", "Documents/s.csv", "--insert", "0"], home: home)
        #expect(none.status == 1)
        #expect(none.standardError.contains("no values were given"))
        let stray = await folio(["table", "edit", "Documents/s.csv", "--values", "a,b"], home: home)
        #expect(stray.status == 2)
        let both = await folio(["table", "edit", "Documents/s.csv", "--insert", "0", "--move", "0", "1"], home: home)
        #expect(both.status == 2)
        #expect(home.read("Documents/s.csv") == "name,role\nHomer,Father\n")
    }

    @Test func moveTakesTwoIndexPaths() async throws {
        let home = try TestContainer()
        try home.plant("Documents/s.json", "[\"Homer\", \"Marge\", \"Bart\"]")
        let run = await folio(["table", "edit", "Documents/s.json", "--move", "2", "0.0"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Moved 0.2 “Bart” to 0.0.\nSaved Documents/s.json.\n")
        #expect(home.read("Documents/s.json") == "[\n  \"Bart\",\n  \"Homer\",\n  \"Marge\"\n]\n")
        let short = await folio(["table", "edit", "Documents/s.json", "--move", "2"], home: home)
        #expect(short.status == 2)
        #expect(short.standardError.contains("option '--move' needs 2 values (FROM TO)"))
        let outside = await folio(["table", "edit", "Documents/s.json", "--move", "0", "3"], home: home)
        #expect(outside.status == 1)
        #expect(home.read("Documents/s.json") == "[\n  \"Bart\",\n  \"Homer\",\n  \"Marge\"\n]\n")
    }

    @Test func insertAndMoveAreCommandsOnStandardInput() async throws {
        let home = try TestContainer()
        try home.plant("Documents/s.tsv", "name\trole\nHomer\tFather\n")
        let run = await folio(
            ["table", "edit", "Documents/s.tsv"], home: home,
            input: "insert 1\nMarge,Mother\ninsert 0 Bart,Son\nmove 2 0\nsave\nquit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Inserted 0.1 “Marge”."))
        #expect(run.standardOutput.contains("Moved 0.2 “Marge” to 0.0."))
        #expect(home.read("Documents/s.tsv") == "name\trole\nMarge\tMother\nBart\tSon\nHomer\tFather\n")
    }

    @Test func aFileChangedWhileEditingIsNotOverwritten() async throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name\nHomer\nMarge\n")
        let run = await folio(
            ["table", "edit", "Documents/s.csv"], home: home, input: "insert 0 Bart\n")
        #expect(run.status == 1)
        let file = try TableFile(
            try SandboxPath(parsing: "Documents/s.csv"), in: Files(home.container), options: TableOptions())
        let table = TableView(dataSource: file.document.dataSource)
        table.setEditing(true)
        try file.document.dataSource.stageInsertion(["Bart"])
        try table.commit(.insert, forRowAt: IndexPath(row: 0, section: 0))
        try home.plant("Documents/s.csv", "name\nsomeone else's\nwork\n")
        let error = try #require(throws: FileError.self) { try file.save() }
        #expect(error.code == .conflict)
        #expect("\(error)".contains("it changed since version"))
        #expect(home.read("Documents/s.csv") == "name\nsomeone else's\nwork\n")
    }
}
