import FolioTestSupport
import Foundation
import Testing

/// The file commands as a user runs them: output, `--json`, exit statuses and error messages.
@Suite struct FileCommandsTests {
    private let directory = TemporaryDirectory()
    private var home: String { directory.appending("home") }

    private func folio(_ arguments: [String], input: String = "") async -> FolioRun {
        await InProcessFolio.run(["--home", home] + arguments, input: input)
    }

    /// The section 12.5 recipe: create tmp/text, five files, list, delete them, list, delete the folder.
    @Test func theCreateListDeleteRecipe() async throws {
        #expect(await folio(["mkdir", "-p", "tmp/text"]).status == 0)
        for index in 1...5 {
            #expect(await folio(["write", "tmp/text/\(index).txt"], input: "Some text").status == 0)
        }
        let listed = await folio(["ls", "tmp/text"])
        #expect(listed.standardOutput == "1.txt\n2.txt\n3.txt\n4.txt\n5.txt\n")
        for index in 1...5 {
            #expect(await folio(["rm", "tmp/text/\(index).txt"]).status == 0)
        }
        let empty = await folio(["ls", "tmp/text"])
        #expect(empty.status == 0)
        #expect(empty.standardOutput.isEmpty)
        #expect(await folio(["rm", "tmp/text"]).status == 0)
        let gone = await folio(["ls", "tmp/text"])
        #expect(gone.status == 1)
        #expect(gone.standardError == "folio: stat failed for tmp/text: no such file or directory (notFound)\n")
    }

    @Test func exitStatusesAreZeroOneAndTwo() async throws {
        #expect(await folio(["home"]).status == 0)
        let failure = await folio(["cat", "Documents/missing.txt"])
        #expect(failure.status == 1)
        #expect(failure.standardError.contains("Documents/missing.txt"))
        #expect(failure.standardError.contains("notFound"))
        let usage = await folio(["ls", "--bogus"])
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("unknown option '--bogus'"))
        #expect(usage.standardError.contains("usage: folio ls"))
        #expect(await folio(["no-such-command"]).status == 2)
        #expect(await folio(["mv", "a"]).status == 2)
    }

    @Test func writeThenCatRoundTripsBytes() async throws {
        #expect(await folio(["write", "Documents/a.txt"], input: "héllo\nwörld\n").status == 0)
        #expect(await folio(["cat", "Documents/a.txt"]).standardOutput == "héllo\nwörld\n")
        let exclusive = await folio(["write", "--exclusive", "Documents/a.txt"], input: "again")
        #expect(exclusive.status == 1)
        #expect(exclusive.standardError.contains("alreadyExists"))
        #expect(await folio(["cat", "Documents/a.txt"]).standardOutput == "héllo\nwörld\n")
    }

    @Test func listingsAsJSONCarryTypeSizeAndDate() async throws {
        _ = await folio(["mkdir", "-p", "tmp/list/sub"])
        _ = await folio(["write", "tmp/list/a.txt", "--text", "12345"])
        let run = await folio(["--json", "ls", "-R", "tmp/list"])
        #expect(run.status == 0)
        let entries = try #require(
            JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["path"] as? String } == ["a.txt", "sub"])
        #expect(entries.first?["size"] as? Int == 5)
        #expect(entries.first?["type"] as? String == "regular")
        #expect(entries.last?["type"] as? String == "directory")
        #expect((entries.first?["modified"] as? String)?.hasSuffix("Z") == true)
    }

    @Test func moveAndCopyNeverClobberWithoutForce() async throws {
        _ = await folio(["write", "Documents/a.txt", "--text", "a"])
        _ = await folio(["write", "Documents/b.txt", "--text", "b"])
        let move = await folio(["mv", "Documents/a.txt", "Documents/b.txt"])
        #expect(move.status == 1)
        #expect(
            move.standardError
                == "folio: move failed for Documents/a.txt: Documents/b.txt already exists (alreadyExists)\n")
        #expect(await folio(["cp", "Documents/a.txt", "tmp"]).status == 0)
        #expect(await folio(["cat", "tmp/a.txt"]).standardOutput == "a")
        #expect(await folio(["cp", "Documents/a.txt", "tmp"]).status == 1)
        #expect(await folio(["mv", "--force", "Documents/a.txt", "Documents/b.txt"]).status == 0)
        #expect(await folio(["cat", "Documents/b.txt"]).standardOutput == "a")
    }

    @Test func statShowsEveryAttributeAndChattrChangesThem() async throws {
        _ = await folio(["write", "tmp/file.txt", "--text", "Hello! This is a line."])
        let stat = await folio(["stat", "tmp/file.txt"])
        for label in [
            "Size", "22 bytes", "Permissions", "-rw------- (600)", "Owner", "Created", "Modified",
            "Reference count", "File system number", "File number", "Extension hidden    no", "Immutable",
        ] {
            #expect(stat.standardOutput.contains(label), "\(label)")
        }
        #expect(
            await folio(["chattr", "tmp/file.txt", "--hide-extension", "--mode", "640", "--modified", "@1000000000"])
                .status == 0)
        let json = await folio(["--json", "stat", "tmp/file.txt"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let attributes = try #require(object["attributes"] as? [String: Any])
        #expect(attributes["isExtensionHidden"] as? Bool == true)
        #expect(attributes["posixPermissions"] as? Int == 0o640)
        #expect(attributes["modificationDate"] as? String == "2001-09-09T01:46:40.000Z")
        let created = await folio(["chattr", "tmp/file.txt", "--created", "now"])
        #expect(created.status == 1)
        #expect(created.standardError.contains("notSupported"))
        #expect(await folio(["chattr", "tmp/file.txt"]).status == 2)
        #expect(await folio(["chattr", "tmp/file.txt", "--modified", "yesterday-ish"]).status == 2)
    }

    @Test func patchWritesInPlace() async throws {
        _ = await folio(["write", "Documents/fileNew.txt", "--text", "This file contents are here."])
        #expect(await folio(["patch", "Documents/fileNew.txt", "--offset", "10", "--data", "modified"]).status == 0)
        #expect(await folio(["cat", "Documents/fileNew.txt"]).standardOutput == "This file modified are here.")
        #expect(await folio(["patch", "Documents/fileNew.txt", "--offset", "0", "--hex", "7468"]).status == 0)
        #expect(await folio(["cat", "Documents/fileNew.txt"]).standardOutput.hasPrefix("this"))
        #expect(await folio(["patch", "Documents/fileNew.txt", "--offset", "0"]).status == 2)
        #expect(await folio(["patch", "Documents/fileNew.txt", "--offset", "0", "--hex", "zz"]).status == 2)
    }

    @Test func resourceFindsBundleFiles() async throws {
        #expect(await folio(["resource", "file"]).standardOutput == "Folio.app/file.txt\n")
        #expect(await folio(["resource", "file", "--type", "txt"]).standardOutput == "Folio.app/file.txt\n")
        #expect(await folio(["resource", "nothing"]).status == 1)
        let write = await folio(["write", "Folio.app/x", "--text", "no"])
        #expect(write.status == 1)
        #expect(write.standardError.contains("read-only"))
    }

    @Test func hostileNamesAreEscapedOnTheTerminal() async throws {
        let documents = home + "/Documents"
        _ = await folio(["home"])
        try Data().write(to: URL(fileURLWithPath: documents + "/evil\u{1B}[2Jname"))
        let listed = await folio(["ls", "Documents"])
        #expect(!listed.standardOutput.contains("\u{1B}"))
        #expect(listed.status == 0)
    }

    @Test func pathsOutsideTheHomeAreRefused() async throws {
        for path in ["../etc/passwd", "/etc/passwd", "Documents/../../x"] {
            let run = await folio(["cat", path])
            #expect(run.status == 1)
            #expect(run.standardError.contains("parse path failed"))
        }
    }

    @Test func fetchDownloadsIntoTmp() async throws {
        let server = try LocalHTTPServer(routes: ["/textedition/index.html": .init(body: "<p>news</p>")])
        let run = await folio(["fetch", server.baseURL.absoluteString + "/textedition/index.html"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(await folio(["cat", "tmp/index.html"]).standardOutput == "<p>news</p>")
        let missing = await folio(["fetch", server.baseURL.absoluteString + "/missing", "tmp/m"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("404"))
    }
}
