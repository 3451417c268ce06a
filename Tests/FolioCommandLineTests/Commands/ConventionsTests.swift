import FolioTestSupport
import Foundation
import Testing

/// What people expect of any command line, held for every command: help and suggestions, one
/// JSON document, progress and paging only for a person at a terminal.
@Suite struct ConventionsTests {
    private let directory = TemporaryDirectory()
    private var home: String { directory.appending("home") }

    private func folio(
        _ arguments: [String], isTerminal: Bool = false, environment: [String: String] = [:]
    ) async -> FolioRun {
        await InProcessFolio.run(["--home", home] + arguments, isTerminal: isTerminal, environment: environment)
    }

    @Test func bareFolioPrintsItsUsageOnStandardError() async {
        let run = await InProcessFolio.run([])
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("usage: folio [--home DIR] [--json] <command>"))
        let help = await InProcessFolio.run(["help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("usage: folio"))
    }

    @Test func aMistypedCommandSuggestsTheNearest() async {
        let run = await folio(["lss"])
        #expect(run.status == 2)
        #expect(run.standardError == "folio: unknown command 'lss'; did you mean 'ls'?\n")
        let sub = await folio(["doc", "lsit"])
        #expect(sub.status == 2)
        #expect(sub.standardError.contains("unknown subcommand 'lsit' of 'folio doc'; did you mean 'list'?"))
        let far = await folio(["frobnicate"])
        #expect(far.standardError == "folio: unknown command 'frobnicate'; run 'folio help' for the list\n")
    }

    @Test func aMistypedOptionSuggestsTheNearest() async {
        let global = await folio(["--jsn", "ls"])
        #expect(global.status == 2)
        #expect(global.standardError.hasPrefix("folio: unknown option '--jsn'; did you mean '--json'?\n"))
        let local = await folio(["ls", "--lnog"])
        #expect(local.status == 2)
        #expect(local.standardError.hasPrefix("folio: unknown option '--lnog'; did you mean '--long'?\n"))
        #expect(local.standardError.contains("usage: folio ls [-R] [-l] [-a] [-U] [--depth N] [PATH]"))
    }

    @Test func writeWithParentsCreatesThem() async {
        let run = await folio(["write", "-p", "tmp/new/deep/file.txt", "--text", "x"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(await folio(["cat", "tmp/new/deep/file.txt"]).standardOutput == "x")
        let without = await folio(["write", "tmp/other/file.txt", "--text", "x"])
        #expect(without.status == 1)
    }

    @Test func errorsAreJSONOnStandardErrorWithJSON() async throws {
        let failed = await folio(["--json", "cat", "Documents/missing.txt"])
        #expect(failed.status == 1)
        #expect(failed.standardOutput.isEmpty)
        let error = try #require(
            (try JSONSerialization.jsonObject(with: Data(failed.standardError.utf8)) as? [String: Any])?["error"]
                as? [String: Any])
        #expect(error["code"] as? String == "notFound")
        #expect(error["status"] as? Int == 1)
        #expect(error["subject"] as? String == "Documents/missing.txt")
        let usage = await folio(["--json", "ls", "--bogus"])
        #expect(usage.status == 2)
        let usageError = try #require(
            (try JSONSerialization.jsonObject(with: Data(usage.standardError.utf8)) as? [String: Any])?["error"]
                as? [String: Any])
        #expect(usageError["code"] as? String == "usage")
        #expect(usageError["status"] as? Int == 2)
    }

    @Test func emptyResultsAreCompactJSON() async {
        _ = await folio(["home"])
        let trash = await folio(["--json", "doc", "trash"])
        #expect(trash.standardOutput == "[]\n")
        let nowhere = await folio(["--json", "geo", "near", "10,-140", "--radius", "1m"])
        #expect(nowhere.status == 0, "\(nowhere.standardError)")
        #expect(nowhere.standardOutput == "[]\n")
        let mkdir = await folio(["--json", "mkdir", "tmp/a"])
        #expect(mkdir.standardOutput.contains("\"created\" : [\n    \"tmp/a\"\n  ]"))
    }

    @Test func messagesShowHostileNamesEscapedAsText() async {
        let run = await folio(["write", "tmp/bad\nname.txt", "--text", "x"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("'bad\\nname.txt'"))
        #expect(!run.standardError.contains("\\u{"))
    }

    @Test func longOutputPagesOnATerminalAndNotWhenPiped() async throws {
        let paged = directory.appending("paged.txt")
        let environment = ["PAGER": "cat > '\(paged)'", "LINES": "10", "COLUMNS": "100"]
        let terminal = await folio(
            ["geo", "near", "20500", "--radius", "10mi"], isTerminal: true, environment: environment)
        #expect(terminal.status == 0, "\(terminal.standardError)")
        #expect(!terminal.standardOutput.contains("zip codes within"))
        #expect(try String(contentsOfFile: paged, encoding: .utf8).contains("zip codes within 16.1 km of Washington"))
        let piped = await folio(["geo", "near", "20500", "--radius", "10mi"], environment: environment)
        #expect(piped.standardOutput.contains("zip codes within 16.1 km of Washington"))
        let unpaged = await folio(
            ["geo", "near", "20500", "--radius", "10mi", "--no-pager"], isTerminal: true,
            environment: ["PAGER": "false", "LINES": "10"])
        #expect(unpaged.standardOutput.contains("zip codes within 16.1 km of Washington"))
    }

    @Test func fetchShowsProgressOnATerminalOnly() async throws {
        let server = try LocalHTTPServer(routes: ["/file.txt": .init(body: "contents")])
        let url = server.baseURL.absoluteString + "/file.txt"
        let terminal = await folio(["fetch", url, "tmp/a.txt"], isTerminal: true)
        #expect(terminal.status == 0, "\(terminal.standardError)")
        #expect(terminal.standardError.hasPrefix("\rfetching \(url) to tmp/a.txt"))
        // The bytes as the library reports them, out of the size the server announced.
        #expect(
            terminal.standardError.contains("\rfetching \(url) to tmp/a.txt: 8 B of 8 B (100%)"),
            "\(terminal.standardError)")
        let piped = await folio(["fetch", url, "tmp/b.txt"])
        #expect(piped.status == 0)
        #expect(piped.standardError.isEmpty)
    }

    /// A drawing that does not decode is described in a sentence, not as Swift's DecodingError.
    @Test func aBadDrawingIsASentenceNotADecodingError() async throws {
        let listed = await folio(["--json", "doc", "list"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any])
        let documents = try #require((object["documents"] as? [[String: Any]]))
        let house = try #require(documents.first { $0["name"] as? String == "House.dudeldoc" })
        let version = try #require(house["version"] as? String)
        for (input, reason) in [
            (#"{"drawables": [{"kind": 5}]}"#, "key 'shape' is missing at drawables[0]"),
            (#"{"drawables": "x"}"#, "at drawables"),
            ("nonsense", "not valid JSON"),
        ] {
            let run = await InProcessFolio.run(
                ["--home", home, "doc", "save", "House.dudeldoc", "--based-on", version], input: input)
            #expect(run.status == 1)
            #expect(run.standardError.contains("standard input is not a drawing in JSON"), "\(run.standardError)")
            #expect(run.standardError.contains(reason), "\(run.standardError)")
            #expect(!run.standardError.contains("DecodingError") && !run.standardError.contains("Debug description"))
        }
    }
}
