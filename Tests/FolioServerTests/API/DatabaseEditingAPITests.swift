import FolioHTTP
import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// Edit mode's routes for SQLite tables: one row inserted, changed or deleted per request, each in
/// one transaction, by rowid or by primary key, with names checked and values bound.
@Suite struct DatabaseEditingAPITests {
    func client() throws -> AppClient {
        let client = try AppClient()
        try DatabaseAPILimitsTests.sqlite(
            client.test.absolute("Documents/edit.db"),
            """
            CREATE TABLE t (x);
            CREATE TABLE "we""ird]" (name TEXT NOT NULL UNIQUE, "co""l" INTEGER DEFAULT 7);
            INSERT INTO "we""ird]" VALUES ('Homer', 39);
            CREATE TABLE pairs (a TEXT, b INTEGER, note TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
            INSERT INTO pairs VALUES ('x', 1, 'one'), ('x', 2, 'two');
            """)
        return client
    }

    let base = "/api/db/Documents/edit.db/tables/" + PercentEncoding.encodeComponent(#"we"ird]"#) + "/rows"

    func json(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }

    func rows(_ client: AppClient, _ sql: String) throws -> String {
        let run = try Subprocess.run("sqlite3", [client.test.absolute("Documents/edit.db"), sql])
        return run.output
    }

    @Test func aRowIsInsertedChangedAndDeletedByRowID() throws {
        let client = try client()
        let hostile = "Bart'); DROP TABLE t; --"
        let insert = client.send("POST", base, body: try json(["values": ["name": hostile]]))
        #expect(insert.status == 201, "\(insert.text)")
        let rowID = try #require(insert.object["rowid"] as? Int)
        #expect(try rows(client, #"SELECT name, "co""l" FROM "we""ird]" WHERE rowid = \#(rowID)"#) == "\(hostile)|7\n")
        let update = client.send(
            "PATCH", base + "?rowid=\(rowID)", body: try json(["values": [#"co"l"#: 10, "name": "Bart"]]))
        #expect(update.status == 204, "\(update.text)")
        #expect(try rows(client, #"SELECT name, "co""l" FROM "we""ird]" WHERE rowid = \#(rowID)"#) == "Bart|10\n")
        let nulled = client.send("PATCH", base + "?rowid=\(rowID)", body: Data(#"{"values": {"co\"l": null}}"#.utf8))
        #expect(nulled.status == 204)
        #expect(try rows(client, #"SELECT typeof("co""l") FROM "we""ird]" WHERE rowid = \#(rowID)"#) == "null\n")
        let delete = client.send("DELETE", base + "?rowid=\(rowID)")
        #expect(delete.status == 204)
        #expect(try rows(client, #"SELECT count(*) FROM "we""ird]""#) == "1\n")
        #expect(try rows(client, "SELECT name FROM sqlite_master WHERE name = 't'") == "t\n")
    }

    @Test func aTableWithoutRowIDIsEditedByItsPrimaryKey() throws {
        let client = try client()
        let pairs = "/api/db/Documents/edit.db/tables/pairs/rows"
        let key = PercentEncoding.encodeComponent(#"{"a": "x", "b": 2}"#)
        let update = client.send("PATCH", pairs + "?key=" + key, body: try json(["values": ["note": "deux"]]))
        #expect(update.status == 204, "\(update.text)")
        #expect(try rows(client, "SELECT note FROM pairs WHERE b = 2") == "deux\n")
        #expect(client.send("DELETE", pairs + "?rowid=1").status == 400)
        let partial = PercentEncoding.encodeComponent(#"{"a": "x"}"#)
        #expect(client.send("DELETE", pairs + "?key=" + partial).status == 400)
        #expect(client.send("DELETE", pairs + "?key=" + key).status == 204)
        #expect(try rows(client, "SELECT a, b FROM pairs") == "x|1\n")
    }

    @Test func badEditsAreClearErrorsAndChangeNothing() throws {
        let client = try client()
        let unknown = client.send(
            "POST", base, body: try json(["values": ["name": "Lisa", "age); DROP TABLE t; --": 1]]))
        #expect(unknown.status == 400)
        #expect(unknown.text.contains("has no column named"))
        let duplicate = client.send("POST", base, body: try json(["values": ["name": "Homer"]]))
        #expect(duplicate.status == 400)
        #expect(duplicate.errorCode == "constraintUnique")
        #expect(
            (duplicate.object["error"] as? [String: Any])?["userMessage"] as? String
                == #"Another row already has this value in we"ird].name, which must be unique."#)
        let missing = client.send("DELETE", base + "?rowid=99")
        #expect(missing.status == 404)
        #expect(client.send("DELETE", base).status == 400)
        #expect(client.send("DELETE", base + "?rowid=1%20OR%201=1").status == 400)
        let view = client.send("DELETE", "/api/db/Documents/edit.db/tables/sqlite_master/rows?rowid=1")
        #expect(view.status == 404)
        let unprotected = client.send(
            "DELETE", base + "?rowid=1", headers: [Gatekeeper.requestHeader: nil])
        #expect(unprotected.status == 403)
        #expect(try rows(client, #"SELECT name FROM "we""ird]""#) == "Homer\n")
    }

    @Test func theBundlesDatabaseCannotBeEdited() throws {
        let client = try client()
        let reply = client.send(
            "DELETE", "/api/db/Folio.app/financial.db/tables/stocks/rows?rowid=1")
        #expect(reply.status == 403, "\(reply.text)")
    }
}
