import FolioCommandLine
import FolioTestSupport
import Foundation

/// A container for `folio doc` tests, and ways to run `folio` on it.
struct DocumentCommandFixture {
    let home: TestContainer

    init() throws {
        home = try TestContainer()
        try home.skipSampleContent()
    }

    /// Runs `folio` on this container, in this process.
    func folio(_ arguments: [String], input: String = "") async -> FolioRun {
        await InProcessFolio.run(["--home", home.container.root] + arguments, input: input)
    }

    /// Runs `folio` in this process with `answer` typed on a terminal.
    func folioOnATerminal(_ arguments: [String], answer: String) async -> (status: Int32, output: String, error: String)
    {
        let output = Output.memory(isTerminal: true)
        let status = await FolioCLI.run(
            ["--home", home.container.root] + arguments, output: output, input: .text(answer, isTerminal: true))
        return (status, output.capturedOutput, output.capturedError)
    }

    /// The `--json` output of a successful run, decoded.
    func json(_ arguments: [String], input: String = "") async throws -> Any {
        let run = await folio(["--json"] + arguments, input: input)
        guard run.status == 0 else { throw CommandFailure(run.standardError) }
        return try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
    }

    /// A field of the `--json` output of a successful run.
    func field(_ key: String, of arguments: [String], input: String = "") async throws -> Any? {
        (try await json(arguments, input: input) as? [String: Any])?[key]
    }

    /// The names in Documents/ as another program sees them.
    func namesOnDisk() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: home.absolute("Documents")).sorted()
    }
}
