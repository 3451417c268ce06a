import FolioFiles
import FolioSandbox
import FolioTables
import FolioTestSupport
import Foundation
import Testing

/// Editing a table file in the container and saving it back: inserts, moves and deletions written
/// atomically, only over the version that was read, with every row nobody touched kept byte for byte.
@Suite struct TableFileTests {
    func open(_ relative: String, in home: TestContainer, options: TableOptions = TableOptions()) throws -> TableFile {
        try TableFile(try SandboxPath(parsing: relative), in: Files(home.container), options: options)
    }

    func editing(_ file: TableFile) -> TableView {
        let table = TableView(dataSource: file.document.dataSource)
        table.setEditing(true)
        return table
    }

    func row(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    @Test func insertsMovesAndDeletionsAreWrittenBackInTheFilesOwnForm() throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name,quote\r\nHomer,\"D'oh, \"\"Marge\"\"\"\r\nBart,x\r\nLisa,\"a\nb\"\r\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o640], ofItemAtPath: home.absolute("Documents/s.csv"))
        let file = try open("Documents/s.csv", in: home)
        let data = file.document.dataSource
        let table = editing(file)
        try data.stageInsertion(["Maggie, the baby", "says \"\""])
        try table.commit(.insert, forRowAt: row(1))
        try table.commitMove(from: row(3), to: row(0))
        try table.commit(.delete, forRowAt: row(3))
        #expect(try (0..<3).map { try data.values(at: row($0)).first } == ["Lisa", "Homer", "Maggie, the baby"])
        try file.save()
        #expect(
            home.read("Documents/s.csv")
                == "name,quote\r\nLisa,\"a\nb\"\r\nHomer,\"D'oh, \"\"Marge\"\"\"\r\n\"Maggie, the baby\",\"says \"\"\"\"\"\r\n"
        )
        let mode = try FileManager.default.attributesOfItem(atPath: home.absolute("Documents/s.csv"))[.posixPermissions]
        #expect(mode as? Int == 0o640)
        let again = try open("Documents/s.csv", in: home)
        #expect(try again.document.source.row(at: 2) == ["Maggie, the baby", "says \"\""])
    }

    @Test func aFileChangedSinceItWasReadIsNotOverwrittenAndTheEditsAreKept() throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name\nHomer\nMarge\n")
        let file = try open("Documents/s.csv", in: home)
        let table = editing(file)
        try file.document.dataSource.stageInsertion(["Maggie"])
        try table.commit(.insert, forRowAt: row(2))
        try home.plant("Documents/s.csv", "name\nsomeone else's\nwork\n")
        let error = try #require(throws: FileError.self) { try file.save() }
        #expect(error.code == .conflict)
        #expect(home.read("Documents/s.csv") == "name\nsomeone else's\nwork\n")
        #expect(try file.document.dataSource.values(at: row(2)) == ["Maggie"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.absolute("Documents")) == ["s.csv"])
    }

    @Test func aSecondSaveBuildsOnTheFirst() throws {
        let home = try TestContainer()
        try home.plant("Documents/s.tsv", "name\trole\nHomer\tFather\n")
        let file = try open("Documents/s.tsv", in: home)
        let table = editing(file)
        try file.document.dataSource.stageInsertion(["Bart", "Son\tand heir"])
        try table.commit(.insert, forRowAt: row(1))
        try file.save()
        try table.commitMove(from: row(1), to: row(0))
        try file.save()
        #expect(home.read("Documents/s.tsv") == "name\trole\nBart\t\"Son\tand heir\"\nHomer\tFather\n")
    }

    /// New JSON rows take the others' shape and their columns' types (numbers stay numbers).
    @Test func jsonRowsAreInsertedInTheShapeOfTheOthers() throws {
        let home = try TestContainer()
        try home.plant("Documents/o.json", "[{\"name\": \"Homer\", \"age\": 39}, {\"name\": \"Ned\", \"age\": 60}]")
        try home.plant("Documents/a.json", "[[1, 2], [3, 4]]")
        let objects = try open("Documents/o.json", in: home)
        let table = editing(objects)
        try objects.document.dataSource.stageInsertion(["Marge \"M\"", "38"])
        try table.commit(.insert, forRowAt: row(1))
        try table.commitMove(from: row(0), to: row(2))
        try objects.save()
        #expect(
            home.read("Documents/o.json")
                == "[\n  {\"name\": \"Marge \\\"M\\\"\", \"age\": 38},\n  {\"name\": \"Ned\", \"age\": 60},\n"
                + "  {\"name\": \"Homer\", \"age\": 39}\n]\n")
        let arrays = try open("Documents/a.json", in: home)
        let other = editing(arrays)
        try arrays.document.dataSource.stageInsertion(["5", "6"])
        try other.commit(.insert, forRowAt: row(2))
        try arrays.save()
        #expect(home.read("Documents/a.json") == "[\n  [1, 2],\n  [3, 4],\n  [5, 6]\n]\n")
    }

    @Test func valuesThatDoNotMatchTheColumnsAreRefusedAndChangeNothing() throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name,role\nHomer,Father\n")
        let file = try open("Documents/s.csv", in: home)
        let table = editing(file)
        let error = try #require(throws: TableError.self) { try file.document.dataSource.stageInsertion(["Bart"]) }
        #expect(error.code == .invalidValues)
        #expect(error.reason == "the table has 2 columns (name, role), but 1 value was given")
        let unstaged = try #require(throws: TableError.self) { try table.commit(.insert, forRowAt: row(0)) }
        #expect(unstaged.code == .invalidValues)
        #expect(try table.numberOfRows(inSection: 0) == 1)
        #expect(!file.document.dataSource.hasChanges)
    }

    private func sections(_ home: TestContainer) throws -> TableFile {
        try home.plant("Documents/s.csv", "section,name\nA,Homer\nB,Ned\nA,\"Marge, \"\"the\"\" mother\"\n")
        var options = TableOptions()
        options.sections = "section"
        return try open("Documents/s.csv", in: home, options: options)
    }

    /// The chapter's editing mode inserts and reorders rows in a table in sections too: a new row
    /// takes its section's value, and goes into the file just before the row it is placed before.
    @Test func aRowInsertedInASectionTakesItsValueAndItsPlace() throws {
        let home = try TestContainer()
        let file = try sections(home)
        let table = editing(file)
        try file.document.dataSource.stageInsertion(["B", "Bart"])
        try table.commit(.insert, forRowAt: IndexPath(row: 1, section: 0))
        try file.document.dataSource.stageInsertion(["", "Todd"])
        try table.commit(.insert, forRowAt: IndexPath(row: 1, section: 1))
        #expect(try table.numberOfRows(inSection: 0) == 3)
        #expect(try file.document.dataSource.values(at: IndexPath(row: 1, section: 0)) == ["A", "Bart"])
        #expect(try file.document.dataSource.values(at: IndexPath(row: 1, section: 1)) == ["B", "Todd"])
        try file.save()
        #expect(
            home.read("Documents/s.csv")
                == "section,name\nA,Homer\nB,Ned\nB,Todd\nA,Bart\nA,\"Marge, \"\"the\"\" mother\"\n")
    }

    @Test func aRowMovedToAnotherSectionTakesThatSectionsValue() throws {
        let home = try TestContainer()
        let file = try sections(home)
        let table = editing(file)
        try table.commitMove(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1))
        #expect(try table.numberOfRows(inSection: 0) == 1)
        #expect(try table.numberOfRows(inSection: 1) == 2)
        #expect(try file.document.dataSource.values(at: IndexPath(row: 0, section: 1)) == ["B", "Homer"])
        try file.save()
        #expect(home.read("Documents/s.csv") == "section,name\nB,Homer\nB,Ned\nA,\"Marge, \"\"the\"\" mother\"\n")
    }

    @Test func aRowMovedWithinItsSectionKeepsItsBytes() throws {
        let home = try TestContainer()
        let file = try sections(home)
        let table = editing(file)
        try table.commitMove(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
        try file.save()
        #expect(home.read("Documents/s.csv") == "section,name\nA,\"Marge, \"\"the\"\" mother\"\nA,Homer\nB,Ned\n")
    }

    @Test func aSectionEmptiedByMovesStaysAndTakesRowsAgain() throws {
        let home = try TestContainer()
        let file = try sections(home)
        let table = editing(file)
        try table.commitMove(from: IndexPath(row: 0, section: 1), to: IndexPath(row: 2, section: 0))
        #expect(try table.numberOfSections() == 2)
        #expect(try table.numberOfRows(inSection: 1) == 0)
        try file.document.dataSource.stageInsertion(["", "Maude"])
        try table.commit(.insert, forRowAt: IndexPath(row: 0, section: 1))
        try table.commit(.delete, forRowAt: IndexPath(row: 0, section: 0))
        try file.save()
        #expect(home.read("Documents/s.csv") == "section,name\nA,\"Marge, \"\"the\"\" mother\"\nA,Ned\nB,Maude\n")
    }

    @Test func aRowPlacedOutsideTheSectionsIsRefusedAndChangesNothing() throws {
        let home = try TestContainer()
        let file = try sections(home)
        let table = editing(file)
        let move = try #require(throws: TableError.self) {
            try table.commitMove(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 5, section: 1))
        }
        #expect(move.code == .noSuchRow)
        try file.document.dataSource.stageInsertion(["A", "Bart"])
        let insert = try #require(throws: TableError.self) {
            try table.commit(.insert, forRowAt: IndexPath(row: 0, section: 2))
        }
        #expect(insert.code == .noSuchRow)
        #expect(!file.document.dataSource.hasChanges)
        try table.commit(.delete, forRowAt: IndexPath(row: 0, section: 1))
        try file.save()
        #expect(home.read("Documents/s.csv") == "section,name\nA,Homer\nA,\"Marge, \"\"the\"\" mother\"\n")
    }

    @Test func aValueOfOneEmptyFieldIsNotWrittenAsABlankLine() throws {
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name\nHomer\n")
        let file = try open("Documents/s.csv", in: home)
        let table = editing(file)
        try file.document.dataSource.stageInsertion([""])
        try table.commit(.insert, forRowAt: row(0))
        try file.save()
        let again = try open("Documents/s.csv", in: home)
        #expect(try again.document.source.rowCount() == 2)
        #expect(try again.document.source.row(at: 0) == [""])
    }

    /// Swift reads "\r\n" as one Character, equal to neither "\r" nor "\n": a check by Character
    /// left such a value unquoted, and the row split in two when read back.
    @Test func aValueHoldingCRLFIsQuoted() throws {
        #expect(CSVFile.quoted("a\r\nb") == "\"a\r\nb\"")
        #expect(CSVFile.quoted("a\tb", separator: "\t") == "\"a\tb\"")
        let home = try TestContainer()
        try home.plant("Documents/s.csv", "name,n\r\nHomer,1\r\n")
        let file = try open("Documents/s.csv", in: home)
        let table = editing(file)
        try file.document.dataSource.stageInsertion(["two\r\nlines", "2"])
        try table.commit(.insert, forRowAt: row(1))
        try file.save()
        let again = try open("Documents/s.csv", in: home)
        #expect(try again.document.source.rowCount() == 2)
        #expect(try again.document.source.row(at: 1) == ["two\r\nlines", "2"])
    }

    @Test func typedValuesReadAsOneCSVRecord() throws {
        #expect(
            try CSVFile.values(ofRecord: "Maggie Simpson,\"Baby, youngest\"") == ["Maggie Simpson", "Baby, youngest"])
        #expect(try CSVFile.values(ofRecord: "") == [""])
        #expect(try CSVFile.values(ofRecord: "\"a\nb\",c") == ["a\nb", "c"])
        let two = try #require(throws: TableError.self) { try CSVFile.values(ofRecord: "a\nb") }
        #expect(two.code == .malformedCSV)
        let open = try #require(throws: TableError.self) { try CSVFile.values(ofRecord: "\"a,b") }
        #expect(open.code == .malformedCSV)
    }

    /// Each csv-spectrum file, with a row inserted in the middle and saved, keeps every other row's
    /// bytes; deleting the row again gives back the file (with a line ending after its last row).
    @Test(arguments: try Corpora.files(in: "csv-spectrum/csvs", endingWith: ".csv"))
    func csvSpectrumRoundTripsExactly(name: String) throws {
        let home = try TestContainer()
        let original = try Corpora.data("csv-spectrum/csvs/" + name)
        let path = home.absolute("Documents/" + name)
        try FileManager.default.createDirectory(
            atPath: home.absolute("Documents"), withIntermediateDirectories: true)
        try original.write(to: URL(fileURLWithPath: path))
        let reference = try CSVFile(MemoryBytes([UInt8](original)), name: name)
        let count = try reference.rowCount()
        let rawRows = try (0..<count).map { try reference.rawRow(at: $0) }
        let middle = count / 2
        let values = reference.columns.indices.map { ["a,\"b\"", "line\nbreak", " spaced ", "é"][$0 % 4] }

        let file = try open("Documents/" + name, in: home)
        let table = editing(file)
        try file.document.dataSource.stageInsertion(values)
        try table.commit(.insert, forRowAt: row(middle))
        try file.save()

        let saved = try CSVFile(FileBytes(path: path), name: name)
        #expect(saved.columns == reference.columns)
        #expect(saved.headerBytes == reference.headerBytes)
        #expect(saved.lineEnding == reference.lineEnding)
        #expect(try saved.rowCount() == count + 1)
        #expect(try saved.row(at: middle) == values)
        for index in 0..<count {
            #expect(try saved.rawRow(at: index < middle ? index : index + 1) == rawRows[index], "row \(index)")
        }

        let again = try open("Documents/" + name, in: home)
        let second = editing(again)
        try second.commit(.delete, forRowAt: row(middle))
        try again.save()
        var expected = [UInt8](original)
        if expected.last != UInt8(ascii: "\n") { expected += reference.lineEnding }
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }
}
