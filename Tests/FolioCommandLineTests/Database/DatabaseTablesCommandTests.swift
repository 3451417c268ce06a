import FolioTestSupport
import Foundation
import Testing

@Suite struct DatabaseTablesCommandTests {
    @Test func listsTheSamplesTablesWithColumnsAndRowCounts() async throws {
        let home = TemporaryDirectory()
        let run = await InProcessFolio.run(["--home", home.path, "db", "tables", "Library/Database/financial.db"])
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                table   rows  columns
                stocks     4  symbol VARCHAR(5), purchasePrice FLOAT(10,4), unitsPurchased INTEGER, purchase_date VARCHAR(10)

                """)
    }

    @Test func showsViewsAndPrintsJSON() async throws {
        let home = TemporaryDirectory()
        let setup = await InProcessFolio.run([
            "--home", home.path, "db", "exec", "Library/Database/financial.db",
            "CREATE VIEW cheap AS SELECT symbol FROM stocks WHERE purchasePrice < 25",
        ])
        #expect(setup.status == 0)
        let text = await InProcessFolio.run(["--home", home.path, "db", "tables", "Library/Database/financial.db"])
        #expect(text.standardOutput.contains("cheap (view)"))
        let json = await InProcessFolio.run([
            "--home", home.path, "--json", "db", "tables", "Library/Database/financial.db",
        ])
        let tables = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(tables.map { $0["name"] as? String } == ["cheap", "stocks"])
        #expect(tables[1]["rows"] as? Int == 4)
        #expect(tables[0]["rows"] == nil)
        let columns = try #require(tables[1]["columns"] as? [[String: Any]])
        #expect(columns.first?["type"] as? String == "VARCHAR(5)")
    }

    /// SQLite's extended code, as the web API's error answer names it too.
    @Test func aDatabaseErrorNamesTheExtendedCodeInJSON() async throws {
        let home = TemporaryDirectory()
        #expect(
            await InProcessFolio.run(["--home", home.path, "db", "tables", "Library/Database/financial.db"]).status == 0
        )
        try FileManager.default.createDirectory(atPath: home.appending("Documents"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: home.appending("Documents/link.db"),
            withDestinationPath: home.appending("Library/Database/financial.db"))
        let run = await InProcessFolio.run(["--home", home.path, "--json", "db", "tables", "Documents/link.db"])
        #expect(run.status == 1)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardError.utf8)) as? [String: [String: Any]])
        #expect(report["error"]?["code"] as? String == "cannotOpenSymbolicLink")
        #expect((report["error"]?["message"] as? String)?.hasSuffix("(cannotOpenSymbolicLink)") == true)
    }

    @Test func readsADatabaseLeftInWALMode() async throws {
        let home = TemporaryDirectory()
        // A write through folio switches the file to WAL; listing it afterwards opens it read-only.
        _ = await InProcessFolio.run([
            "--home", home.path, "db", "exec", "Documents/w.db", "--create", "CREATE TABLE t (x)",
        ])
        #expect(try SQLiteShell.run(home.appending("Documents/w.db"), "PRAGMA journal_mode;") == "wal\n")
        let run = await InProcessFolio.run(["--home", home.path, "db", "tables", "Documents/w.db"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "table  rows  columns\nt         0  x\n")
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() async throws {
        let home = TemporaryDirectory()
        let test = await InProcessFolio.run(["--home", home.path, "home"])
        #expect(test.status == 0)
        try Data("just some notes, not a database at all.....................................................".utf8)
            .write(to: URL(fileURLWithPath: home.appending("Documents/notes.txt")))
        let run = await InProcessFolio.run(["--home", home.path, "db", "tables", "Documents/notes.txt"])
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "folio: open database failed for Documents/notes.txt: file is not a database (notADatabase)\n")
    }

    @Test func anEmptyDatabaseSaysSo() async throws {
        let home = TemporaryDirectory()
        _ = await InProcessFolio.run(["--home", home.path, "db", "exec", "Documents/empty.db", "--create", "SELECT 1"])
        let run = await InProcessFolio.run(["--home", home.path, "db", "tables", "Documents/empty.db"])
        #expect(run.standardOutput == "no tables in Documents/empty.db\n")
    }
}
