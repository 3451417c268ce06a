import Foundation
import Testing

@testable import FolioCommandLine

/// Every command's `--help`, compared exactly with the text stored in `Snapshots/help/`, so a
/// change to what users read is a change someone saw. Run with `FOLIO_RECORD_SNAPSHOTS=1` to
/// write the snapshots anew after a deliberate change, then read the diff.
@Suite struct HelpSnapshotTests {
    /// A command and the words that reach it: `["doc", "rename"]`.
    struct Case: Sendable, CustomStringConvertible {
        var words: [String]
        var description: String { words.isEmpty ? "folio" : words.joined(separator: " ") }
        var file: String { words.isEmpty ? "folio.txt" : words.joined(separator: "-") + ".txt" }
    }

    /// Every command and group, depth first, and `folio help` itself.
    static let cases: [Case] = {
        func walk(_ command: Command, _ words: [String]) -> [Case] {
            [Case(words: words + [command.name])]
                + command.subcommands.flatMap { walk($0, words + [command.name]) }
        }
        return [Case(words: [])] + FolioCLI.commands.flatMap { walk($0, []) }
    }()

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Snapshots/help")

    @Test(arguments: cases)
    func helpMatchesItsSnapshot(_ example: Case) async throws {
        let run = await InProcessFolio.run(["help"] + example.words)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let url = Self.directory.appendingPathComponent(example.file)
        if ProcessInfo.processInfo.environment["FOLIO_RECORD_SNAPSHOTS"] == "1" {
            try run.standardOutput.write(to: url, atomically: true, encoding: .utf8)
        }
        let stored = try #require(
            try? String(contentsOf: url, encoding: .utf8),
            "no help snapshot for '\(example)': run the tests with FOLIO_RECORD_SNAPSHOTS=1 and check \(example.file)")
        #expect(run.standardOutput == stored)
    }

    @Test func everySnapshotBelongsToACommand() throws {
        let stored = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
        #expect(stored == Self.cases.map(\.file).sorted())
    }

    @Test func helpGoesThroughHelpAndTheFlagAlike() async {
        for example in Self.cases where !example.words.isEmpty {
            let word = await InProcessFolio.run(["help"] + example.words)
            let flag = await InProcessFolio.run(example.words + ["--help"])
            #expect(flag.status == 0, "\(example)")
            #expect(flag.standardOutput == word.standardOutput, "\(example)")
        }
    }

    @Test func everyUsageLineFitsItsDeclaration() {
        // The hand-written usage is kept only where a declaration cannot describe the positionals.
        func walk(_ command: Command) -> [Command] { [command] + command.subcommands.flatMap(walk) }
        for command in FolioCLI.commands.flatMap(walk) where command.action != nil {
            for option in command.options {
                #expect(command.help().contains(option.name), "\(command.name) lists \(option.name)")
            }
        }
    }
}
