import FolioServer
import FolioTestSupport
import Foundation
import Testing

@Suite struct FilesAPITests {
    @Test func listsTheHomeWithTheReadOnlyBundle() throws {
        let client = try AppClient()
        let reply = client.send("GET", "/api/files/")
        #expect(reply.status == 200)
        let entries = try #require(reply.object["entries"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Documents", "Folio.app", "Library", "tmp"])
        let bundle = try #require(entries.first { $0["name"] as? String == "Folio.app" })
        #expect(bundle["isReadOnly"] as? Bool == true)
        #expect(bundle["type"] as? String == "directory")
        // The same permissions as `folio ls -l` shows: nothing in the bundle can be written.
        let permissions = try #require((bundle["permissions"] as? String).flatMap { UInt32($0, radix: 8) })
        #expect(permissions & 0o222 == 0)
    }

    @Test func pagesALargeDirectory() throws {
        let client = try AppClient()
        for index in 0..<30 {
            try client.test.plant("tmp/many/\(String(format: "%03d", index)).txt", "x")
        }
        let reply = client.send("GET", "/api/files/tmp/many?offset=10&limit=5")
        #expect(reply.object["total"] as? Int == 30)
        let names = (reply.object["entries"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["010.txt", "011.txt", "012.txt", "013.txt", "014.txt"])
    }

    @Test func describesADirectoryInsteadOfListingItWhenAsked() throws {
        let client = try AppClient()
        try client.test.plant("tmp/folder/a.txt", "a")
        let reply = client.send("GET", "/api/files/tmp/folder?stat=1")
        #expect(reply.status == 200)
        #expect(reply.object["entries"] == nil)
        let attributes = try #require(reply.object["attributes"] as? [String: Any])
        #expect(attributes["type"] as? String == "directory")
        #expect(attributes["posixPermissions"] as? Int != nil)
        #expect(client.send("GET", "/api/files/Folio.app?stat=1").object["path"] as? String == "Folio.app")
    }

    @Test func uploadsDownloadsAndRanges() throws {
        let client = try AppClient()
        let put = client.send("PUT", "/api/files/Documents/a%20b.txt", body: Data("hello world".utf8))
        #expect(put.status == 201)
        #expect(client.test.read("Documents/a b.txt") == "hello world")
        let whole = client.send("GET", "/api/files/Documents/a%20b.txt?raw=1")
        #expect(whole.text == "hello world")
        #expect(whole.headers["Content-Type"] == "text/plain; charset=utf-8")
        let range = client.send("GET", "/api/files/Documents/a%20b.txt?raw=1", headers: ["Range": "bytes=6-"])
        #expect(range.status == 206)
        #expect(range.text == "world")
        #expect(range.headers["Content-Range"] == "bytes 6-10/11")
        let suffix = client.send("GET", "/api/files/Documents/a%20b.txt?raw=1", headers: ["Range": "bytes=-5"])
        #expect(suffix.text == "world")
        let beyond = client.send("GET", "/api/files/Documents/a%20b.txt?raw=1", headers: ["Range": "bytes=50-"])
        #expect(beyond.status == 416)
        #expect(beyond.headers["Content-Range"] == "bytes */11")
    }

    @Test func exclusiveUploadsNeverReplace() throws {
        let client = try AppClient()
        try client.test.plant("Documents/a.txt", "mine")
        let reply = client.send("PUT", "/api/files/Documents/a.txt?exclusive=1", body: Data("theirs".utf8))
        #expect(reply.status == 409)
        let ifNone = client.send(
            "PUT", "/api/files/Documents/a.txt", body: Data("theirs".utf8), headers: ["If-None-Match": "*"])
        #expect(ifNone.status == 409)
        #expect(client.test.read("Documents/a.txt") == "mine")
    }

    @Test func describesAFileAndChangesItsAttributes() throws {
        let client = try AppClient()
        try client.test.plant("tmp/file.txt", "Hello! This is a line.")
        let stat = client.send("GET", "/api/files/tmp/file.txt")
        let attributes = try #require(stat.object["attributes"] as? [String: Any])
        #expect(attributes["size"] as? Int == 22)
        let patch = client.send(
            "PATCH", "/api/files/tmp/file.txt",
            body: Data(
                #"{"isExtensionHidden": true, "posixPermissions": 416, "modificationDate": "2001-09-09T01:46:40Z"}"#
                    .utf8))
        #expect(patch.status == 200, "\(patch.text)")
        let changed = try #require(patch.object["attributes"] as? [String: Any])
        #expect(changed["isExtensionHidden"] as? Bool == true)
        #expect(changed["posixPermissions"] as? Int == 0o640)
        #expect(changed["modificationDate"] as? String == "2001-09-09T01:46:40.000Z")
        let bad = client.send(
            "PATCH", "/api/files/tmp/file.txt", body: Data(#"{"creationDate": "2001-09-09T01:46:40Z"}"#.utf8))
        #expect(bad.status == 501)
        #expect(bad.errorCode == "notSupported")
    }

    @Test(arguments: [
        #"{"posixPermissions": 2541}"#,  // 0o4755: setuid
        #"{"posixPermissions": 1517}"#,  // 0o2755: setgid
        #"{"posixPermissions": 1023}"#,  // 0o1777: sticky
        #"{"ownerAccountID": 0}"#,
        #"{"ownerAccountName": "root"}"#,
        #"{"groupOwnerAccountID": 0}"#,
        #"{"groupOwnerAccountName": "root", "isExtensionHidden": true}"#,
    ])
    func theWebAppRefusesSpecialModeBitsAndOwners(_ body: String) throws {
        let client = try AppClient()
        try client.test.plant("tmp/tool", "#!/bin/sh\n")
        let before = try FileManager.default.attributesOfItem(atPath: client.test.absolute("tmp/tool"))
        let reply = client.send("PATCH", "/api/files/tmp/tool", body: Data(body.utf8))
        #expect(reply.status == 403)
        #expect(reply.errorCode == "forbiddenAttribute")
        let after = try FileManager.default.attributesOfItem(atPath: client.test.absolute("tmp/tool"))
        #expect(after[.posixPermissions] as? Int == before[.posixPermissions] as? Int)
        #expect(after[.ownerAccountID] as? Int == before[.ownerAccountID] as? Int)
        let attributes = client.send("GET", "/api/files/tmp/tool").object["attributes"] as? [String: Any]
        #expect(attributes?["isExtensionHidden"] as? Bool == false)
    }

    @Test func makesMovesCopiesAndRemoves() throws {
        let client = try AppClient()
        #expect(client.send("POST", "/api/files/tmp/a/b?mkdir=1&parents=1").status == 201)
        try client.test.plant("tmp/a/b/f.txt", "f")
        #expect(client.send("POST", "/api/files/tmp/a?copyTo=tmp/c").status == 201)
        #expect(client.test.read("tmp/c/b/f.txt") == "f")
        #expect(client.send("POST", "/api/files/tmp/c?moveTo=Documents/c").status == 200)
        #expect(client.send("POST", "/api/files/tmp/a?moveTo=Documents/c").status == 409)
        #expect(client.send("DELETE", "/api/files/tmp/a").status == 409)
        #expect(client.send("DELETE", "/api/files/tmp/a?recursive=1").status == 200)
        #expect(!client.test.exists("tmp/a"))
        #expect(client.test.exists("Documents/c/b/f.txt"))
    }

    @Test(arguments: [
        "/api/files/..%2F..%2Fetc%2Fpasswd?raw=1", "/api/files/Documents/%2e%2e/%2e%2e/etc/passwd?raw=1",
        "/api/files/Documents/../../etc/passwd?raw=1", "/api/files/tmp%2F..%2F..?raw=1",
        "/api/files/%2Fetc%2Fpasswd?raw=1",
        "/api/files/Documents/%00x", "/api/files/Documents/bad%zz",
    ])
    func traversalThroughTheURLIsRefused(_ target: String) throws {
        let client = try AppClient()
        let reply = client.send("GET", target)
        #expect([400, 403].contains(reply.status), "\(target): \(reply.status) \(reply.text)")
        #expect(!reply.text.contains("root:"))
    }

    @Test func aLinkLeadingOutsideIsRefusedOverHTTP() throws {
        let client = try AppClient()
        try FileManager.default.createSymbolicLink(
            atPath: client.test.absolute("Documents/etc"), withDestinationPath: "/etc")
        let reply = client.send("GET", "/api/files/Documents/etc/passwd?raw=1")
        #expect(reply.status == 403)
        #expect(reply.errorCode == "outsideContainer")
        #expect(client.send("PUT", "/api/files/Documents/etc/x", body: Data("x".utf8)).status == 403)
    }

    @Test func theBundleIsReadOnlyOverHTTP() throws {
        let client = try AppClient()
        #expect(client.send("GET", "/api/files/Folio.app/file.txt?raw=1").status == 200)
        let reply = client.send("PUT", "/api/files/Folio.app/x", body: Data("x".utf8))
        #expect(reply.status == 403)
        #expect(reply.errorCode == "readOnly")
        #expect(client.send("DELETE", "/api/files/Folio.app/file.txt").status == 403)
    }

    @Test func userContentIsServedSandboxed() throws {
        let client = try AppClient()
        try client.test.plant("tmp/file.html", "<script>parent.document.title='owned'</script>")
        let reply = client.send("GET", "/api/files/tmp/file.html?raw=1")
        #expect(reply.status == 200)
        let policy = try #require(reply.headers["Content-Security-Policy"])
        #expect(policy.hasPrefix("sandbox"))
        #expect(!policy.contains("allow-scripts"))
        #expect(!policy.contains("allow-same-origin"))
        #expect(reply.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test func hostileNamesComeBackAsEscapedJSON() throws {
        let client = try AppClient()
        try client.test.plant("Documents/<img src=x onerror=alert(1)>.txt", "x")
        let reply = client.send("GET", "/api/files/Documents")
        #expect(reply.status == 200)
        let names = (reply.object["entries"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["<img src=x onerror=alert(1)>.txt"])
    }

    @Test func aDownloadOfAFileThatShrinksWhileItIsSentEndsOverTheRealServer() throws {
        let test = try TestContainer()
        let server = try WebAppServer(container: test.container, host: "127.0.0.1", port: 0, token: "t")
        defer { server.stop() }
        let path = test.absolute("tmp/big")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 64 << 20)))
        let download = try RawHTTPConnection(port: server.port)
        download.send(
            "GET /api/files/tmp/big?raw=1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: folio_token=t\r\n\r\n")
        #expect(download.waitFor("\r\n\r\n"))
        #expect(truncate(path, 1 << 20) == 0)
        // Reading on: the socket's buffers hold some of the file still, then the server ends it.
        #expect(download.closesWithin(5))
    }
}
