import FolioTestSupport
import Foundation
import Glibc
import Testing

@Suite struct DatabaseExecCommandTests {
    private func folio(_ home: TemporaryDirectory, _ arguments: String...) async -> FolioRun {
        await InProcessFolio.run(["--home", home.path] + arguments)
    }

    @Test func queriesTheProvisionedSampleAsATable() async throws {
        let home = TemporaryDirectory()
        let run = await folio(
            home, "db", "exec", "Library/Database/financial.db",
            "SELECT * FROM stocks WHERE purchasePrice > ? ORDER BY purchasePrice", "--param", "20")
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                symbol  purchasePrice  unitsPurchased  purchase_date
                NT              20.23             140  02-05-2007
                MSFT            30.23               5  01-03-2007
                GOOG           600.77              20  01-09-2007
                (3 rows)

                """)
    }

    @Test func showsNullEmptyTextAndBlobsDistinctly() async throws {
        let home = TemporaryDirectory()
        let run = await folio(
            home, "db", "exec", "Library/Database/financial.db",
            "SELECT NULL AS a, 'NULL' AS b, '' AS c, x'89504E470D0A1A0A0000' AS d, ? AS e, 'line\none' AS f",
            "--param", "blob:CAFE")
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                a     b       c   d                       e           f
                NULL  'NULL'  ''  <BLOB 10 B, PNG image>  <BLOB 2 B>  line\\none
                (1 row)

                """)
    }

    @Test func reportsHowManyRowsAStatementChanged() async throws {
        let home = TemporaryDirectory()
        let run = await folio(
            home, "db", "exec", "Library/Database/financial.db",
            "UPDATE stocks SET unitsPurchased = unitsPurchased + 1 WHERE purchasePrice < :limit; DELETE FROM stocks WHERE 0",
            "--param", ":limit=100")
        #expect(run.status == 0)
        #expect(run.standardOutput == "3 rows changed\n0 rows changed\n")
        let check = await folio(
            home, "db", "exec", "Library/Database/financial.db", "SELECT sum(unitsPurchased) FROM stocks")
        #expect(check.standardOutput.contains("268"))
    }

    @Test func aFailingScriptKeepsNoneOfItsChanges() async throws {
        let home = TemporaryDirectory()
        let db = "tmp/all-or-nothing.db"
        #expect(await folio(home, "db", "exec", db, "CREATE TABLE t (x)", "--create").status == 0)
        let failing = await folio(home, "db", "exec", db, "INSERT INTO t VALUES (1); INSERT INTO t VALUES (nope)")
        #expect(failing.status == 1)
        #expect(failing.standardError.contains("no such column: nope"))
        #expect(failing.standardError.contains("nothing was changed"))
        let extra = await folio(home, "db", "exec", db, "INSERT INTO t VALUES (?)", "--param", "1", "--param", "2")
        #expect(extra.status == 1)
        #expect(extra.standardError.contains("2 values were given"))
        #expect(await folio(home, "db", "exec", db, "SELECT count(*) AS n FROM t").standardOutput == "n\n0\n(1 row)\n")
        // A script with its own transaction control runs as written.
        let own = await folio(
            home, "db", "exec", db, "BEGIN; INSERT INTO t VALUES (5); COMMIT; INSERT INTO t VALUES (nope)")
        #expect(own.status == 1)
        #expect(await folio(home, "db", "exec", db, "SELECT count(*) AS n FROM t").standardOutput == "n\n1\n(1 row)\n")
    }

    @Test func printsEveryValueExactlyAsJSON() async throws {
        let home = TemporaryDirectory()
        let run = await folio(
            home, "--json", "db", "exec", "Library/Database/financial.db",
            "INSERT INTO stocks VALUES (?, ?, ?, ?); SELECT symbol, purchasePrice, unitsPurchased, purchase_date, x'00FF' AS raw FROM stocks WHERE symbol = ?",
            "--param", "text:007", "--param", "1.5", "--param", "null", "--param", "She said: 'Hey Ya'all'",
            "--param", "007")
        #expect(run.status == 0)
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["changes"] as? Int == 1)
        #expect(
            results[1]["columns"] as? [String] == ["symbol", "purchasePrice", "unitsPurchased", "purchase_date", "raw"])
        let rows = try #require(results[1]["rows"] as? [[Any]])
        #expect(rows.count == 1)
        #expect(rows[0][0] as? String == "007")
        #expect(rows[0][1] as? Double == 1.5)
        #expect(rows[0][2] is NSNull)
        #expect(rows[0][3] as? String == "She said: 'Hey Ya'all'")
        #expect((rows[0][4] as? [String: String])?["base64"] == "AP8=")
    }

    /// A REAL keeps its type: a fraction or an exponent, the fewest digits that read back as the
    /// same double, and infinities that cannot be mistaken for the text "Infinity".
    @Test func aRealKeepsItsTypeInTheTableAndInJSON() async throws {
        let home = TemporaryDirectory()
        let sql =
            "SELECT 2.0 AS a, -0.0 AS b, 1e308 * 10 AS c, -1e308 * 10 AS d, 'Infinity' AS e, 2832.2 AS f, 0.1 + 0.2 AS g, 1e16 AS h, 42 AS i"
        let text = await folio(home, "db", "exec", "Library/Database/financial.db", sql)
        #expect(text.status == 0)
        #expect(
            text.standardOutput == """
                  a     b         c          d  e              f                    g      h   i
                2.0  -0.0  Infinity  -Infinity  Infinity  2832.2  0.30000000000000004  1e+16  42
                (1 row)

                """)
        let json = await folio(home, "--json", "db", "exec", "Library/Database/financial.db", sql)
        #expect(json.status == 0)
        #expect(
            json.standardOutput.contains(
                #"[2.0,-0.0,{"real":"Infinity"},{"real":"-Infinity"},"Infinity",2832.2,0.30000000000000004,1e+16,42]"#),
            "\(json.standardOutput)")
    }

    /// In one transaction, a change is reported only once it is kept.
    @Test func aFailingTransactionReportsOnlyWhatIsTrue() async throws {
        let home = TemporaryDirectory()
        let db = "tmp/true.db"
        #expect(await folio(home, "db", "exec", db, "CREATE TABLE t (x)", "--create").status == 0)
        let failing = await folio(home, "db", "exec", db, "INSERT INTO t VALUES (1); INSERT INTO t VALUES (nope)")
        #expect(failing.status == 1)
        #expect(!failing.standardOutput.contains("changed"), "\(failing.standardOutput)")
        #expect(failing.standardError.contains("nothing was changed"))
        let kept = await folio(home, "db", "exec", db, "INSERT INTO t VALUES (1), (2); SELECT count(*) AS n FROM t")
        #expect(kept.status == 0)
        #expect(kept.standardOutput == "n\n2\n(1 row)\n2 rows changed\n")
    }

    /// With `--json`, a transaction that fails prints no JSON claiming a change it undid; one that
    /// commits prints one JSON document with each statement's changes.
    @Test func aFailingTransactionPrintsNoChangesAsJSON() async throws {
        let home = TemporaryDirectory()
        let db = "tmp/true.db"
        #expect(await folio(home, "db", "exec", db, "CREATE TABLE t (x)", "--create").status == 0)
        let failing = await folio(
            home, "--json", "db", "exec", db, "INSERT INTO t VALUES (1); INSERT INTO t VALUES (nope)")
        #expect(failing.status == 1)
        #expect(failing.standardOutput.isEmpty, "\(failing.standardOutput)")
        let error = try JSONSerialization.jsonObject(with: Data(failing.standardError.utf8)) as? [String: Any]
        #expect((error?["error"] as? [String: Any])?["message"] as? String != nil, "\(failing.standardError)")
        let kept = await folio(
            home, "--json", "db", "exec", db, "INSERT INTO t VALUES (1), (2); SELECT count(*) FROM t")
        #expect(kept.status == 0)
        let statements = try #require(
            try JSONSerialization.jsonObject(with: Data(kept.standardOutput.utf8)) as? [[String: Any]])
        #expect(statements.count == 2)
        #expect(statements.first?["changes"] as? Int == 2)
    }

    /// Ctrl-C stops a long statement: the one transaction is rolled back, nothing is kept, and the
    /// command says so and exits 1 (the default action of SIGINT would end it with 130).
    @Test func interruptingALongStatementKeepsNothing() async throws {
        let home = TemporaryDirectory()
        let db = "Documents/long.db"
        #expect(await folio(home, "db", "exec", db, "CREATE TABLE t (b BLOB)", "--create").status == 0)
        let errorPath = home.appending("stderr")
        let errorFile = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(errorFile) }
        // The first statement writes more than the page cache holds, so its pages reach the WAL
        // while the transaction is open; the second never ends on its own.
        let process = try Subprocess(
            FolioBinary.path,
            [
                "--home", home.path, "db", "exec", db,
                """
                INSERT INTO t SELECT zeroblob(10000) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000) SELECT x FROM c);
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c WHERE x < 0
                """,
            ], standardError: errorFile)
        let wal = home.appending(db + "-wal")
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning && ContinuousClock.now < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            if size > 1 << 20 { break }
            usleep(10_000)
        }
        #expect(process.isRunning)
        process.kill(SIGINT)
        let status = process.wait()
        #expect(status == 1)
        let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        #expect(message == "folio: interrupted: nothing was changed (the statements run as one transaction)\n")
        let count = await folio(home, "db", "exec", db, "SELECT count(*) AS n FROM t")
        #expect(count.standardOutput == "n\n0\n(1 row)\n")
    }

    @Test func sqlCannotReachFilesOutsideTheHome() async throws {
        let home = TemporaryDirectory()
        let outside = TemporaryDirectory()
        for sql in [
            "VACUUM INTO 'file:\(outside.path)/x.db?vfs=unix'",
            "ATTACH 'file:\(outside.path)/y.db?vfs=unix' AS x; CREATE TABLE x.t (a)",
            "ATTACH '\(outside.path)/z.db' AS x; CREATE TABLE x.t (a)",
        ] {
            let run = await folio(home, "db", "exec", "Library/Database/financial.db", sql)
            #expect(run.status == 1)
            #expect(run.standardError.contains("paths are relative to the Home") || run.standardError.contains("URI"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        let attach = await folio(
            home, "db", "exec", "Library/Database/financial.db",
            "ATTACH 'Documents/other.db' AS other; SELECT count(*) AS n FROM other.sqlite_schema")
        #expect(attach.status == 1)
        #expect(attach.standardError.contains("there is no database file named 'other.db'"))
        let created = await folio(
            home, "db", "exec", "Library/Database/financial.db",
            "ATTACH 'Documents/other.db' AS other; CREATE TABLE other.t (x); INSERT INTO other.t SELECT symbol FROM stocks",
            "--create")
        #expect(created.status == 0, "\(created.standardError)")
        let read = await folio(home, "db", "exec", "Documents/other.db", "SELECT count(*) AS n FROM t")
        #expect(read.standardOutput == "n\n4\n(1 row)\n")
    }

    @Test func anEmptyResultStillShowsItsColumns() async throws {
        let home = TemporaryDirectory()
        let run = await folio(home, "db", "exec", "Library/Database/financial.db", "SELECT symbol FROM stocks WHERE 0")
        #expect(run.standardOutput == "symbol\n(0 rows)\n")
        let json = await folio(
            home, "--json", "db", "exec", "Library/Database/financial.db", "SELECT symbol FROM stocks WHERE 0")
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect((results.first?["rows"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [
        (["SELEC * FROM stocks"], "near \"SELEC\": syntax error"),
        (["SELECT * FROM stock"], "no such table: stock"),
        (["SELECT ?, ?", "--param", "1"], "parameter ?2 has no value"),
        (["SELECT ?", "--param", "1", "--param", "2"], "2 values were given, but the SQL uses only 1"),
        (["INSERT INTO stocks (rowid) VALUES (1)"], "UNIQUE constraint failed: stocks.rowid"),
    ])
    func badSQLFailsWithTheReasonAndExitStatusOne(arguments: [String], reason: String) async throws {
        let home = TemporaryDirectory()
        let run = await InProcessFolio.run(
            ["--home", home.path, "db", "exec", "Library/Database/financial.db"] + arguments)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("folio: "))
        #expect(run.standardError.contains(reason))
        let count = await folio(home, "db", "exec", "Library/Database/financial.db", "SELECT count(*) AS n FROM stocks")
        #expect(count.standardOutput == "n\n4\n(1 row)\n")
    }

    @Test func aMissingDatabaseIsNotCreatedUnlessAsked() async throws {
        let home = TemporaryDirectory()
        let missing = await folio(home, "db", "exec", "Documents/new.db", "CREATE TABLE t (x)")
        #expect(missing.status == 1)
        // The library's reason as it is, naming what --create does.
        #expect(
            missing.standardError
                == "folio: open database failed for Documents/new.db: there is no database file here "
                + "(open it with create to make a new database) (cannotOpen)\n")
        #expect(!FileManager.default.fileExists(atPath: home.appending("Documents/new.db")))
        let created = await folio(home, "db", "exec", "Documents/new.db", "CREATE TABLE t (x)", "--create")
        #expect(created.status == 0)
        #expect(created.standardOutput == "")
        #expect(FileManager.default.fileExists(atPath: home.appending("Documents/new.db")))
    }

    @Test func theBundleIsReadOnly() async throws {
        let home = TemporaryDirectory()
        let read = await folio(home, "db", "exec", "Folio.app/financial.db", "SELECT count(*) FROM stocks")
        #expect(read.status == 0)
        let write = await folio(home, "db", "exec", "Folio.app/financial.db", "DELETE FROM stocks")
        #expect(write.status == 1)
        #expect(write.standardError.contains("attempt to write a readonly database"))
    }

    @Test func aPathOutsideTheHomeIsRefused() async throws {
        let home = TemporaryDirectory()
        let absolute = await folio(home, "db", "exec", "/etc/passwd", "SELECT 1")
        #expect(absolute.status == 1)
        #expect(absolute.standardError.contains("absolute paths are not allowed"))
        let climbing = await folio(home, "db", "exec", "Documents/../../x.db", "SELECT 1")
        #expect(climbing.status == 1)
    }

    @Test func usageErrorsExitWithStatusTwo() async throws {
        let home = TemporaryDirectory()
        let run = await folio(home, "db", "exec", "Library/Database/financial.db")
        #expect(run.status == 2)
        #expect(run.standardError.contains("missing SQL"))
        let badBlob = await folio(
            home, "db", "exec", "Library/Database/financial.db", "SELECT ?", "--param", "blob:XYZ")
        #expect(badBlob.status == 2)
    }
}
