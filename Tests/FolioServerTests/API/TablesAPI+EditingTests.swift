import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// Edit mode on the Data page for table files: insert, delete and move rows over HTTP, each saved
/// at once, only over the version the page read.
@Suite struct TablesAPIEditingTests {
    private let client: AppClient

    init() throws {
        client = try AppClient()
        try client.test.plant(
            "Documents/people.csv", "section,name,role\nA,Homer,Father\nB,Ned,Neighbour\nA,Marge,Mother\n")
    }

    /// The table's version, as the page reads it with the rows.
    private func version(_ query: String = "") -> String {
        let reply = client.send("GET", "/api/tables/Documents/people.csv" + query)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.headers["ETag"] == "\"\(reply.object["version"] as? String ?? "")\"")
        return reply.object["version"] as? String ?? ""
    }

    private func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }

    @Test func theTableTellsItsColumnsVersionAndWhetherItCanBeEdited() throws {
        let reply = client.send("GET", "/api/tables/Documents/people.csv")
        #expect(reply.object["columns"] as? [String] == ["section", "name", "role"])
        #expect(reply.object["editable"] as? Bool == true)
        let sample = client.send("GET", "/api/tables/Folio.app/Samples/simpsons.csv")
        #expect(sample.object["editable"] as? Bool == false)
    }

    @Test func aRowIsInsertedAndSavedAtOnce() throws {
        let seen = version()
        let reply = client.send(
            "POST", "/api/tables/Documents/people.csv/rows",
            body: try json(["at": "0.1", "values": ["A", "Bart", "Son"]]), headers: ["If-Match": "\"\(seen)\""])
        #expect(reply.status == 201, "\(reply.text)")
        #expect((reply.object["inserted"] as? [String: Any])?["indexPath"] as? String == "0.1")
        #expect(reply.object["rows"] as? Int == 4)
        let now = try #require(reply.object["version"] as? String)
        #expect(now != seen)
        #expect(reply.headers["ETag"] == "\"\(now)\"")
        #expect(
            client.test.read("Documents/people.csv")
                == "section,name,role\nA,Homer,Father\nA,Bart,Son\nB,Ned,Neighbour\nA,Marge,Mother\n")
        #expect(version() == now)
    }

    @Test func inSectionsANewRowTakesItsSectionsValue() throws {
        let seen = version("?sections=section")
        let reply = client.send(
            "POST", "/api/tables/Documents/people.csv/rows?sections=section",
            body: try json(["at": "1.1", "values": ["", "Todd", "Son"]]), headers: ["If-Match": seen])
        #expect(reply.status == 201, "\(reply.text)")
        #expect(
            client.test.read("Documents/people.csv")
                == "section,name,role\nA,Homer,Father\nB,Ned,Neighbour\nB,Todd,Son\nA,Marge,Mother\n")
    }

    @Test func rowsAreDeletedAndMovedByIndexPath() throws {
        let deleted = client.send(
            "DELETE", "/api/tables/Documents/people.csv/rows?at=0.2,0.0", headers: ["If-Match": version()])
        #expect(deleted.status == 200, "\(deleted.text)")
        let labels = (deleted.object["deleted"] as? [[String: Any]])?.map { $0["indexPath"] as? String }
        #expect(labels == ["0.2", "0.0"])
        #expect(client.test.read("Documents/people.csv") == "section,name,role\nB,Ned,Neighbour\n")
        try client.test.plant("Documents/people.csv", "name\nHomer\nMarge\nBart\n")
        let moved = client.send(
            "POST", "/api/tables/Documents/people.csv/rows/move", body: try json(["from": "0.2", "to": "0.0"]),
            headers: ["If-Match": version()])
        #expect(moved.status == 200, "\(moved.text)")
        #expect(client.test.read("Documents/people.csv") == "name\nBart\nHomer\nMarge\n")
        let twice = client.send(
            "DELETE", "/api/tables/Documents/people.csv/rows?at=0.1,0.1", headers: ["If-Match": version()])
        #expect((twice.object["deleted"] as? [[String: Any]])?.count == 1, "\(twice.text)")
        #expect(twice.object["rows"] as? Int == 2)
        #expect(client.test.read("Documents/people.csv") == "name\nBart\nMarge\n")
    }

    /// A page that read the table before another program changed it must not write over that change.
    @Test func anEditOfAnOlderVersionIsRefusedAndChangesNothing() throws {
        let seen = version()
        try client.test.plant("Documents/people.csv", "section,name,role\nA,Homer,Father\n")
        let reply = client.send(
            "DELETE", "/api/tables/Documents/people.csv/rows?at=0.0", headers: ["If-Match": "\"\(seen)\""])
        #expect(reply.status == 412, "\(reply.text)")
        #expect(reply.errorCode == "conflict")
        #expect(client.test.read("Documents/people.csv") == "section,name,role\nA,Homer,Father\n")
    }

    @Test func anEditWithoutAVersionIsRefused() throws {
        let reply = client.send("DELETE", "/api/tables/Documents/people.csv/rows?at=0.0")
        #expect(reply.status == 428)
        #expect(client.test.read("Documents/people.csv")?.contains("Homer") == true)
    }

    @Test(arguments: [
        ("DELETE", "/rows?at=x.y", "", 400),
        ("DELETE", "/rows?at=", "", 400),
        ("DELETE", "/rows?at=0.9", "", 400),
        ("POST", "/rows", #"{"at": "0.1", "values": ["only one"]}"#, 400),
        ("POST", "/rows", #"{"at": "4.0", "values": ["A", "B", "C"]}"#, 400),
        ("POST", "/rows", "not json", 400),
        ("POST", "/rows/move", #"{"from": "0.0", "to": "0.7"}"#, 400),
    ])
    func aMistakenEditIsAClearErrorAndChangesNothing(method: String, suffix: String, body: String, status: Int) throws {
        let before = client.test.read("Documents/people.csv")
        let reply = client.send(
            method, "/api/tables/Documents/people.csv" + suffix, body: Data(body.utf8), headers: ["If-Match": version()]
        )
        #expect(reply.status == status, "\(reply.text)")
        #expect(reply.errorCode != nil)
        #expect(client.test.read("Documents/people.csv") == before)
    }

    @Test func theBundleAndXMLCannotBeEdited() throws {
        let sample = client.send("GET", "/api/tables/Folio.app/Samples/simpsons.csv")
        let version = try #require(sample.object["version"] as? String)
        let reply = client.send(
            "DELETE", "/api/tables/Folio.app/Samples/simpsons.csv/rows?at=0.0", headers: ["If-Match": version])
        #expect(reply.status == 403, "\(reply.text)")
        try client.test.plant("Documents/a.xml", "<r><e>1</e></r>")
        let xml = client.send("GET", "/api/tables/Documents/a.xml?xpath=//e")
        #expect(xml.object["editable"] as? Bool == false)
        let refused = client.send(
            "DELETE", "/api/tables/Documents/a.xml/rows?xpath=//e&at=0.0",
            headers: ["If-Match": xml.object["version"] as? String ?? ""])
        #expect(refused.status == 409, "\(refused.text)")
        #expect(client.test.read("Documents/a.xml") == "<r><e>1</e></r>")
    }
}
