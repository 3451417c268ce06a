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
        #expect(write.status == 403)
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
