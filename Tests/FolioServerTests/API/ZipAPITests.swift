import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// `POST /api/zip`: the archive checked by Python's `zipfile`, and attacks on what it reads.
@Suite struct ZipAPITests {
    static func entries(of body: Data) throws -> [String: String] {
        let directory = TemporaryDirectory(prefix: "folio-zip-api")
        let path = directory.appending("download.zip")
        try body.write(to: URL(fileURLWithPath: path))
        let script = """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                print(json.dumps({i.filename: z.read(i).decode("utf-8", "replace") for i in z.infolist()}))
            """
        let result = try Subprocess.run("/usr/bin/python3", ["-c", script, path])
        #expect(result.status == 0, "\(result.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: String])
    }

    static func body(_ paths: [String]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["paths": paths])
    }

    @Test func downloadsSeveralItemsAsOneZip() throws {
        let client = try AppClient()
        try client.test.plant("Documents/a.txt", "a")
        try client.test.plant("Documents/Folder/b.txt", "b")
        let reply = client.send("POST", "/api/zip", body: try Self.body(["Documents/a.txt", "Documents/Folder"]))
        #expect(reply.status == 200)
        #expect(reply.headers["Content-Type"] == "application/zip")
        #expect(reply.headers["Content-Disposition"] == "attachment; filename*=UTF-8''Folio.zip")
        #expect(reply.headers["X-Folio-Not-Included"] == "0")
        #expect(try Self.entries(of: reply.body) == ["a.txt": "a", "Folder/": "", "Folder/b.txt": "b"])
    }

    @Test(arguments: [
        "../etc/passwd", "/etc/passwd", "Documents/../../etc/passwd", "Documents/\u{0}x", "Documents/\u{1b}[2Jx",
    ])
    func aPathOutsideTheHomeRefusesTheWholeRequest(_ path: String) throws {
        let client = try AppClient()
        try client.test.plant("Documents/a.txt", "a")
        let reply = client.send("POST", "/api/zip", body: try Self.body(["Documents/a.txt", path]))
        #expect(reply.status == 400 || reply.status == 403, "\(reply.status) \(reply.text)")
        #expect(reply.headers["Content-Type"] != "application/zip")
    }

    @Test func linksOutOfTheHomeAreLeftOutAndNamed() throws {
        let client = try AppClient()
        let outside = TemporaryDirectory(prefix: "folio-outside")
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside.appending("secret.txt")))
        try client.test.plant("Documents/ok.txt", "ok")
        try FileManager.default.createSymbolicLink(
            atPath: client.test.absolute("Documents/leak.txt"), withDestinationPath: outside.appending("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: client.test.absolute("Documents/Home"), withDestinationPath: "/")
        let reply = client.send(
            "POST", "/api/zip", body: try Self.body(["Documents/ok.txt", "Documents/leak.txt", "Documents/Home"]))
        #expect(reply.status == 200)
        #expect(reply.headers["X-Folio-Not-Included"] == "2")
        let entries = try Self.entries(of: reply.body)
        #expect(entries.keys.sorted() == ["Not included.txt", "ok.txt"])
        #expect(!entries.values.contains("secret"))
    }

    @Test(arguments: [#"{"paths": []}"#, #"{"paths": "Documents"}"#, "not json", #"{}"#])
    func aBadBodyIsRefused(_ body: String) throws {
        let client = try AppClient()
        let reply = client.send("POST", "/api/zip", body: Data(body.utf8))
        #expect(reply.status == 400)
    }

    @Test func theZipNeedsTheRequestHeaderLikeEveryChange() throws {
        let client = try AppClient()
        try client.test.plant("Documents/a.txt", "a")
        let reply = client.send(
            "POST", "/api/zip", body: try Self.body(["Documents/a.txt"]), headers: ["X-Folio-Request": nil])
        #expect(reply.status == 403)
    }
}
