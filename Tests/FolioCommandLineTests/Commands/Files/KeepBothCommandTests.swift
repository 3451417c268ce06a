import FolioTestSupport
import Foundation
import Testing

/// `folio write|cp|mv --keep-both`: a taken name gets the next free one, printed (and in `--json`).
@Suite struct KeepBothCommandTests {
    private let directory = TemporaryDirectory()
    private var home: String { directory.appending("home") }

    private func folio(_ arguments: [String], input: String = "") async -> FolioRun {
        await InProcessFolio.run(["--home", home] + arguments, input: input)
    }

    private func read(_ relative: String) -> String? {
        try? String(contentsOfFile: home + "/" + relative, encoding: .utf8)
    }

    @Test func writeKeepsBothAndPrintsTheNameUsed() async throws {
        #expect(await folio(["write", "tmp/report.txt", "--text", "one"]).status == 0)
        let second = await folio(["write", "--keep-both", "tmp/report.txt", "--text", "two"])
        #expect(second.status == 0)
        #expect(second.standardOutput == "tmp/report 2.txt\n")
        let third = await folio(["--json", "write", "--keep-both", "tmp/report.txt"], input: "three")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(third.standardOutput.utf8)) as? [String: Any])
        #expect(object["path"] as? String == "tmp/report 3.txt")
        #expect(object["name"] as? String == "report 3.txt")
        #expect(read("tmp/report.txt") == "one")
        #expect(read("tmp/report 2.txt") == "two")
        #expect(read("tmp/report 3.txt") == "three")
        let free = await folio(["write", "--keep-both", "tmp/free.txt", "--text", "x"])
        #expect(free.standardOutput == "tmp/free.txt\n")
    }

    @Test func copyAndMoveKeepBoth() async throws {
        #expect(await folio(["write", "tmp/a.txt", "--text", "a"]).status == 0)
        #expect(await folio(["write", "Documents/a.txt", "--text", "taken"]).status == 0)
        let copy = await folio(["cp", "--keep-both", "tmp/a.txt", "Documents/"])
        #expect(copy.status == 0)
        #expect(copy.standardOutput == "Documents/a 2.txt\n")
        let move = await folio(["--json", "mv", "--keep-both", "tmp/a.txt", "Documents/a.txt"])
        #expect(move.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(move.standardOutput.utf8)) as? [String: Any])
        #expect(object["to"] as? String == "Documents/a 3.txt")
        #expect(object["name"] as? String == "a 3.txt")
        #expect(read("Documents/a.txt") == "taken")
        #expect(read("Documents/a 3.txt") == "a")
        // Without --keep-both a taken name still fails.
        #expect(await folio(["cp", "Documents/a 2.txt", "Documents/a.txt"]).status == 1)
    }

    @Test(arguments: [
        ["write", "--keep-both", "--exclusive", "tmp/x", "--text", "x"],
        ["write", "--keep-both", "--not-atomic", "tmp/x", "--text", "x"],
        ["cp", "--keep-both", "--force", "tmp/a", "tmp/b"],
        ["mv", "--keep-both", "--force", "tmp/a", "tmp/b"],
    ])
    func keepBothWithAContraryFlagIsAUsageError(_ arguments: [String]) async throws {
        let run = await folio(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("--keep-both cannot be combined"))
        #expect(read("tmp/x") == nil)
    }
}
