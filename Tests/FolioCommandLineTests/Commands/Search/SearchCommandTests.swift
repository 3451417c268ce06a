import FolioCommandLine
import FolioTestSupport
import Foundation
import Testing

@Suite struct SearchCommandTests {
    static func fixture() throws -> DocumentCommandFixture {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Garden.txt", "Water the roses before breakfast.")
        try fixture.home.plant("Documents/Projects/Plan.txt", "Roses along the bridge.")
        try fixture.home.plant("Documents/Roses.csv", "name,colour\nroses,red\n")
        return fixture
    }

    @Test func printsRankedLinesWithPathAndMarkedSnippet() async throws {
        let fixture = try Self.fixture()
        let run = await fixture.folio(["search", "water", "roses"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Documents/Garden.txt  «Water» the «roses» before breakfast.\n")
        let all = await fixture.folio(["search", "roses"])
        let paths = all.standardOutput.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) }
        // The name's match first, then the shorter note (BM25).
        #expect(paths == ["Documents/Roses.csv", "Documents/Projects/Plan.txt", "Documents/Garden.txt"])
    }

    @Test func boldOnATerminal() async throws {
        let fixture = try Self.fixture()
        let output = Output.memory(isTerminal: true)
        let status = await FolioCLI.run(
            ["--home", fixture.home.container.root, "search", "breakfast"], output: output,
            input: .text("", isTerminal: true), environment: [:])
        #expect(status == 0)
        #expect(output.capturedOutput.contains("\u{1B}[1mbreakfast\u{1B}[22m"))
        let plain = Output.memory(isTerminal: true)
        _ = await FolioCLI.run(
            ["--home", fixture.home.container.root, "search", "breakfast"], output: plain,
            input: .text("", isTerminal: true), environment: ["NO_COLOR": "1"])
        #expect(plain.capturedOutput.contains("«breakfast»"))
    }

    @Test func jsonHasTheAPIShape() async throws {
        let fixture = try Self.fixture()
        let object = try #require(try await fixture.json(["search", "bridge", "--limit", "5"]) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let result = try #require(results.first)
        #expect(Set(result.keys) == ["path", "name", "kind", "snippet", "highlights", "modified"])
        #expect(result["path"] as? String == "Documents/Projects/Plan.txt")
        #expect(result["kind"] as? String == "note")
        #expect(result["highlights"] as? [[String: Int]] == [["offset": 16, "length": 6]])
    }

    @Test func limitCutsTheList() async throws {
        let fixture = try Self.fixture()
        let run = await fixture.folio(["search", "roses", "--limit", "1"])
        #expect(run.standardOutput.split(separator: "\n").count == 1)
    }

    struct Failure: Sendable, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let failures: [Failure] = [
        Failure(arguments: ["search"], status: 2, message: "QUERY"),
        Failure(arguments: ["search", "roses", "--limit", "0"], status: 2, message: "--limit must be from 1 to 1000"),
        Failure(arguments: ["search", "roses", "--limit", "many"], status: 2, message: "whole number"),
        Failure(arguments: ["search", "\""], status: 1, message: "no letter or digit to search for (noWords)"),
        Failure(arguments: ["search", "   "], status: 1, message: "the query is empty"),
    ]

    @Test(arguments: failures) func refusesBadQueriesAndLimits(_ failure: Failure) async throws {
        let fixture = try Self.fixture()
        let run = await fixture.folio(failure.arguments)
        #expect(run.status == failure.status)
        #expect(run.standardError.contains(failure.message), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func findsNothingQuietlyOnStandardOutput() async throws {
        let fixture = try Self.fixture()
        let run = await fixture.folio(["search", "zeppelin"])
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("No documents match."))
    }
}
