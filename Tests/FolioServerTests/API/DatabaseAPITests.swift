import FolioHTTP
import FolioServer
import FolioTestSupport
import Foundation
import Testing

@Suite struct DatabaseAPITests {
    @Test func showsTheSampleFinancialDatabase() throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        let tables = client.send("GET", "/api/db/Library/Database/financial.db/tables")
        #expect(tables.status == 200, "\(tables.text)")
        let list = try #require(tables.json as? [[String: Any]])
        #expect(list.first?["name"] as? String == "stocks")
        #expect(list.first?["rows"] as? Int == 4)
        let rows = client.send("GET", "/api/db/Library/Database/financial.db/tables/stocks/rows?limit=2")
        #expect(rows.object["total"] as? Int == 4)
        #expect((rows.object["columns"] as? [String])?.first == "symbol")
        #expect((rows.object["rows"] as? [[Any]])?.count == 2)
    }

    /// The library's paging (``Database/page(_:limits:)``), as `folio table show --sql` reads it.
    @Test func pagesATableWithOffsetAndLimit() throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        let base = "/api/db/Library/Database/financial.db/tables/stocks/rows"
        let all = client.send("GET", base + "?limit=1000")
        let symbols = try #require((all.object["rows"] as? [[Any]])?.map { $0.first as? String })
        #expect(symbols.count == 4)
        let page = client.send("GET", base + "?offset=1&limit=2")
        #expect(page.object["offset"] as? Int == 1)
        #expect(page.object["total"] as? Int == 4)
        #expect((page.object["rows"] as? [[Any]])?.map { $0.first as? String } == Array(symbols[1...2]))
        let beyond = client.send("GET", base + "?offset=10")
        #expect((beyond.object["rows"] as? [[Any]])?.isEmpty == true)
        let missing = client.send("GET", "/api/db/Library/Database/financial.db/tables/nope/rows")
        #expect(missing.status == 404)
        #expect(missing.errorCode == "notFound")
        #expect(
            (missing.object["error"] as? [String: Any])?["reason"] as? String
                == "there is no table or view named 'nope'")
    }

    /// SQLite's extended code, as `folio --json db tables` reports it, not only the primary one.
    @Test func aDatabaseErrorNamesTheExtendedCode() throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        try FileManager.default.createSymbolicLink(
            atPath: client.test.absolute("Documents/link.db"),
            withDestinationPath: client.test.absolute("Library/Database/financial.db"))
        let reply = client.send("GET", "/api/db/Documents/link.db/tables")
        #expect(reply.status == 404)
        #expect(reply.errorCode == "cannotOpenSymbolicLink", "\(reply.text)")
        let message = (reply.object["error"] as? [String: Any])?["message"] as? String
        #expect(message?.hasSuffix("(cannotOpenSymbolicLink)") == true)
    }

    @Test func queriesAreReadOnly() throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        let select = client.send(
            "POST", "/api/db/Library/Database/financial.db/query",
            body: Data(
                #"{"sql": "SELECT symbol FROM stocks WHERE purchasePrice > ? ORDER BY symbol", "params": [20]}"#.utf8))
        #expect(select.status == 200, "\(select.text)")
        #expect((select.object["rows"] as? [[String]])?.map(\.first) == ["GOOG", "MSFT", "NT"])
        let write = client.send(
            "POST", "/api/db/Library/Database/financial.db/query", body: Data(#"{"sql": "DELETE FROM stocks"}"#.utf8))
        #expect(write.status == 400)
        #expect(write.errorCode == "readOnly")
        #expect(write.text.contains("the query box is read-only"))
        let count = client.send(
            "POST", "/api/db/Library/Database/financial.db/query",
            body: Data(#"{"sql": "SELECT count(*) FROM stocks"}"#.utf8))
        #expect((count.object["rows"] as? [[Int]])?.first?.first == 4)
        let syntax = client.send(
            "POST", "/api/db/Library/Database/financial.db/query", body: Data(#"{"sql": "SELEC"}"#.utf8))
        #expect(syntax.status == 400)
    }

    @Test func blobsAreReferencedAndServedWithTheirType() throws {
        let client = try AppClient()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let hex = png.map { String(format: "%02x", $0) }.joined()
        let sqlite = try Subprocess.run(
            "sqlite3",
            [
                client.test.absolute("Library/Database/images.db"),
                "CREATE TABLE pics (name TEXT, image BLOB); INSERT INTO pics VALUES ('dot', X'\(hex)');",
            ])
        try #require(sqlite.status == 0, "\(sqlite.error)")
        let rows = client.send("GET", "/api/db/Library/Database/images.db/tables/pics/rows")
        let first = try #require((rows.object["rows"] as? [[Any]])?.first)
        let blob = try #require(first[1] as? [String: Any])
        #expect(blob["blob"] as? Int == png.count)
        #expect(blob["media"] as? String == "image/png")
        let url = try #require(blob["url"] as? String)
        let image = client.send("GET", url)
        #expect(image.status == 200)
        #expect(image.body == png)
        #expect(image.headers["Content-Type"] == "image/png")
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let client = try AppClient()
        try client.test.plant(
            "Documents/fake.db", "this is not SQLite at all, just text that goes on for a while......")
        let reply = client.send("GET", "/api/db/Documents/fake.db/tables")
        #expect(reply.status == 422, "\(reply.text)")
        #expect(client.send("GET", "/api/db/Documents/missing.db/tables").status == 404)
    }
}

/// The query box and the table pages under attack: nothing reaches outside the Home, nothing
/// writes, nothing runs forever or grows without bound, and values keep their type.
@Suite struct DatabaseAPILimitsTests {
    private func query(_ client: AppClient, _ sql: String, cancellation: RequestCancellation = RequestCancellation())
        -> AppClient.Reply
    {
        let body = try? JSONSerialization.data(withJSONObject: ["sql": sql])
        return client.send(
            "POST", "/api/db/Library/Database/financial.db/query", body: body ?? Data(), cancellation: cancellation)
    }

    @Test func vacuumIntoAFileURIIsRefusedAndCreatesNothing() throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        let target = client.test.directory.appending("anywhere.db")
        for sql in ["VACUUM INTO 'file:\(target)?vfs=unix'", "VACUUM INTO '\(target)'", "VACUUM INTO 'tmp/copy.db'"] {
            let reply = query(client, sql)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.errorCode == "readOnly")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!client.test.exists("tmp/copy.db"))
    }

    @Test(arguments: [
        "PRAGMA user_version = 1", "PRAGMA journal_mode = delete", "ATTACH 'Documents/x.db' AS x", "BEGIN",
        "CREATE TEMP TABLE t (x)", "SELECT 1; DELETE FROM stocks", "VACUUM",
    ])
    func onlyStatementsThatReadRun(_ sql: String) throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        let reply = query(client, sql)
        #expect(reply.status == 400, "\(reply.text)")
        let message = (reply.object["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("the query box is read-only"))
        #expect(!client.test.exists("Documents/x.db"))
    }

    /// Makes a database with the real `sqlite3` shell.
    static func sqlite(_ path: String, _ sql: String) throws {
        let run = try Subprocess.run("sqlite3", [path, sql])
        try #require(run.status == 0, "\(run.error)")
    }

    static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c WHERE x < 0"

    @Test func anEndlessQueryStopsAtTheTimeLimit() throws {
        let client = try AppClient(queryTimeLimit: .milliseconds(300))
        try client.test.container.provisionDeclaredResources()
        let start = ContinuousClock.now
        let reply = query(client, DatabaseAPILimitsTests.endless)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(reply.status == 400)
        #expect(reply.errorCode == "interrupted")
        #expect(reply.text.contains("time limit of 0.3 s"))
    }

    @Test func aQueryStopsWhenTheRequestIsCancelled() throws {
        let client = try AppClient(queryTimeLimit: .seconds(60))
        try client.test.container.provisionDeclaredResources()
        let cancellation = RequestCancellation()
        cancellation.cancel()
        let start = ContinuousClock.now
        let reply = query(client, DatabaseAPILimitsTests.endless, cancellation: cancellation)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(reply.errorCode == "interrupted")
        #expect(reply.text.contains("cancelled"))
    }

    @Test func anEndlessViewDoesNotHoldTheTablesOrTheirRows() throws {
        let client = try AppClient(queryTimeLimit: .milliseconds(300))
        try DatabaseAPILimitsTests.sqlite(
            client.test.absolute("Documents/views.db"),
            "CREATE VIEW endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c WHERE x < 0"
        )
        let tables = client.send("GET", "/api/db/Documents/views.db/tables")
        #expect(tables.errorCode == "interrupted")
        let rows = client.send("GET", "/api/db/Documents/views.db/tables/endless/rows")
        #expect(rows.errorCode == "interrupted")
    }

    @Test func steppingStopsAtTheRowLimit() throws {
        let client = try AppClient(queryTimeLimit: .seconds(30))
        try client.test.container.provisionDeclaredResources()
        let reply = query(client, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c")
        #expect(reply.status == 200, "\(reply.text)")
        #expect((reply.object["rows"] as? [[Int]])?.count == 1000)
        #expect(reply.object["isTruncated"] as? Bool == true)
    }

    /// `SELECT hex(zeroblob(200000000))` asks SQLite for a 400 MB string: refused before it is made.
    @Test func aHugeValueOrResultIsRefused() throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        let huge = query(client, "SELECT hex(zeroblob(200000000))")
        #expect(huge.status == 400)
        #expect(huge.errorCode == "tooBig")
        let many = query(
            client,
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT hex(randomblob(1000000)) FROM c"
        )
        #expect(many.status == 400)
        #expect(many.text.contains("larger than 32 MiB"))
        // BLOBs are summarised, never copied into the answer: 100 MB of them is 100 references.
        let blobs = query(
            client,
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT randomblob(1000000) FROM c"
        )
        #expect(blobs.status == 200)
        #expect(blobs.body.count < 10_000)
    }

    @Test func valuesKeepTheirType() throws {
        let client = try AppClient()
        try DatabaseAPILimitsTests.sqlite(
            client.test.absolute("Documents/values.db"),
            """
            CREATE TABLE v (real REAL, text TEXT, whole INTEGER);
            INSERT INTO v VALUES (2.0, 'Infinity', 2), (1e308 * 10, 'x', 3), (2832.2, NULL, 4), (33.0384, '', 5);
            """)
        let rows = client.send("GET", "/api/db/Documents/values.db/tables/v/rows")
        #expect(rows.status == 200)
        #expect(
            rows.text.contains(
                #""rows":[[2.0,"Infinity",2],[{"real":"Infinity"},"x",3],[2832.2,null,4],[33.0384,"",5]]"#),
            "\(rows.text)")
        let select = client.send(
            "POST", "/api/db/Documents/values.db/query",
            body: Data(
                #"{"sql": "SELECT 2.0, -0.0, -1e308 * 10, 'Infinity', 0.1 + 0.2, ? AS p", "params": [{"real": 2}]}"#
                    .utf8))
        #expect(select.status == 200, "\(select.text)")
        #expect(select.text.contains(#""rows":[[2.0,-0.0,{"real":"-Infinity"},"Infinity",0.30000000000000004,2.0]]"#))
    }
}
