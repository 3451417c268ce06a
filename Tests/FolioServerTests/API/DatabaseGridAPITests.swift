import FolioHTTP
import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// What the Data page's grid asks of `/api/db`: pages sorted on the server, queries paged with
/// their total, exports streamed as CSV or JSON, and errors as sentences — with hostile table,
/// column and sort names that never reach SQL as SQL.
@Suite struct DatabaseGridAPITests {
    static let table = #"we"ird]; DROP TABLE t; --"#
    static let column = #"co"l]`"#

    /// A database with a table and a column whose names are SQL injection attempts, and `t`, the
    /// table they would drop.
    func client() throws -> AppClient {
        let client = try AppClient()
        try DatabaseAPILimitsTests.sqlite(
            client.test.absolute("Documents/hostile.db"),
            """
            CREATE TABLE t (x);
            CREATE TABLE "we""ird]; DROP TABLE t; --" (name TEXT, "co""l]`" INTEGER, note TEXT);
            INSERT INTO "we""ird]; DROP TABLE t; --" VALUES ('Homer', 3, NULL), ('Marge', 1, 'NULL'), ('Bart', 2, '');
            """)
        return client
    }

    var base: String {
        "/api/db/Documents/hostile.db/tables/" + PercentEncoding.encodeComponent(Self.table)
    }

    func names(_ reply: AppClient.Reply) -> [String?] {
        (reply.object["rows"] as? [[Any]])?.map { $0.first as? String } ?? []
    }

    func tableStillThere(_ client: AppClient) -> Bool {
        let tables = client.send("GET", "/api/db/Documents/hostile.db/tables").json as? [[String: Any]]
        return tables?.compactMap { $0["name"] as? String }.sorted() == ["t", Self.table]
    }

    @Test func rowsAreSortedOnTheServerByAQuotedColumn() throws {
        let client = try client()
        let column = PercentEncoding.encodeComponent(Self.column)
        let ascending = client.send("GET", base + "/rows?sort=\(column)")
        #expect(ascending.status == 200, "\(ascending.text)")
        #expect(names(ascending) == ["Marge", "Bart", "Homer"])
        let descending = client.send("GET", base + "/rows?sort=name&order=desc&offset=1&limit=1")
        #expect(names(descending) == ["Homer"])
        #expect(descending.object["total"] as? Int == 3)
        #expect(ascending.text.contains(#"[["Homer",3,null],"#) || ascending.text.contains(#"["Homer",3,null]]"#))
    }

    /// NULL, the text 'NULL' and the empty text are three different JSON values.
    @Test func nullTheTextNullAndTheEmptyTextDiffer() throws {
        let client = try client()
        let rows = client.send("GET", base + "/rows")
        #expect(rows.text.contains(#""rows":[["Homer",3,null],["Marge",1,"NULL"],["Bart",2,""]]"#), "\(rows.text)")
    }

    @Test(arguments: [
        "name; DROP TABLE t", "name DESC", "(SELECT 1)", "1", "\"name\"", "name--", "rowid", "nope",
    ])
    func aSortParameterIsAColumnNameNeverSQL(sort: String) throws {
        let client = try client()
        let reply = client.send("GET", base + "/rows?sort=" + PercentEncoding.encodeComponent(sort))
        #expect(reply.status == 400, "\(reply.text)")
        let error = try #require(reply.object["error"] as? [String: Any])
        #expect((error["reason"] as? String)?.hasPrefix("there is no column named") == true)
        #expect(tableStillThere(client))
    }

    @Test(arguments: ["DESC; DROP TABLE t", "descending", "1"])
    func anOrderOtherThanAscOrDescIsRefused(order: String) throws {
        let client = try client()
        let reply = client.send("GET", base + "/rows?sort=name&order=" + PercentEncoding.encodeComponent(order))
        #expect(reply.status == 400)
        #expect(tableStillThere(client))
    }

    @Test func aTableNameIsMatchedNeverSpliced() throws {
        let client = try client()
        for name in [#"t; DROP TABLE t"#, #"t" --"#, "T", "sqlite_master; DROP TABLE t"] {
            let reply = client.send(
                "GET", "/api/db/Documents/hostile.db/tables/\(PercentEncoding.encodeComponent(name))/export")
            #expect(reply.status == 404, "\(name): \(reply.text)")
        }
        #expect(tableStillThere(client))
    }

    @Test func aTableIsExportedAsCSVAndJSON() throws {
        let client = try client()
        let csv = client.send("GET", base + "/export?format=csv&sort=name")
        #expect(csv.status == 200, "\(csv.text)")
        #expect(csv.headers["Content-Type"] == "text/csv; charset=utf-8")
        #expect(csv.headers["Content-Disposition"]?.hasPrefix("attachment; filename*=UTF-8''hostile.db%20we") == true)
        #expect(csv.text == "name,\"co\"\"l]`\",note\r\nBart,2,\"\"\r\nHomer,3,\r\nMarge,1,NULL\r\n")
        let json = client.send("GET", base + "/export?format=json")
        #expect(json.status == 200)
        let rows = try #require(json.json as? [[String: Any]])
        #expect(rows.count == 3)
        #expect(rows[0]["note"] is NSNull)
        #expect(rows[0][Self.column] as? Int == 3)
        #expect(client.send("GET", base + "/export?format=xlsx").status == 400)
        // The rows are streamed as they are read: nothing is written to the Caches on the way.
        #expect(!client.test.exists("Library/Caches/Exports"))
    }

    @Test func aQueryIsPagedWithItsTotalAndExportedReadOnly() throws {
        let client = try client()
        let sql = #"SELECT name, note FROM "we""ird]; DROP TABLE t; --""#
        let body = try JSONSerialization.data(withJSONObject: ["sql": sql, "offset": 1, "limit": 1, "sort": "name"])
        let page = client.send("POST", "/api/db/Documents/hostile.db/query", body: body)
        #expect(page.status == 200, "\(page.text)")
        #expect(names(page) == ["Homer"])
        #expect(page.object["total"] as? Int == 3)
        #expect(page.object["isTruncated"] as? Bool == true)
        let export = client.send(
            "GET", "/api/db/Documents/hostile.db/export?format=csv&sql=" + PercentEncoding.encodeComponent(sql))
        #expect(export.status == 200, "\(export.text)")
        #expect(export.text == "name,note\r\nHomer,\r\nMarge,NULL\r\nBart,\"\"\r\n")
        let drop = client.send(
            "GET", "/api/db/Documents/hostile.db/export?sql=" + PercentEncoding.encodeComponent("DROP TABLE t"))
        #expect(drop.status == 400)
        #expect(drop.errorCode == "readOnly")
        #expect(client.send("GET", "/api/db/Documents/hostile.db/export").status == 400)
        #expect(tableStillThere(client))
    }

    /// The headline is a sentence; SQLite's message and the SQL stay in the error's other fields.
    @Test func errorsReadAsSentencesWithTheDetailKept() throws {
        let client = try client()
        let body = try JSONSerialization.data(withJSONObject: ["sql": "SELECT * FROM stock"])
        let reply = client.send("POST", "/api/db/Documents/hostile.db/query", body: body)
        #expect(reply.status == 400)
        let error = try #require(reply.object["error"] as? [String: Any])
        #expect(error["userMessage"] as? String == "There is no table named “stock”.")
        #expect(error["reason"] as? String == "no such table: stock")
        #expect((error["message"] as? String)?.contains("in `SELECT * FROM stock`") == true)
        let write = client.send(
            "POST", "/api/db/Documents/hostile.db/query",
            body: try JSONSerialization.data(withJSONObject: ["sql": "UPDATE t SET x = 1"]))
        #expect(
            (write.object["error"] as? [String: Any])?["userMessage"] as? String
                == "The query box is read-only: this statement would change the database.")
    }
}
