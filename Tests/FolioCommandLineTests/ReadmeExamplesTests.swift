import FolioTestSupport
import Foundation
import Testing

/// The README's file examples, run as a newcomer runs them: line by line, in order, in a shell,
/// on a fresh container. Only the address of `folio fetch` is changed, to a server on 127.0.0.1.
@Suite struct ReadmeExamplesTests {
    /// The shell lines of the README's code block that starts with `first`.
    static func block(startingWith first: String) throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let blocks = text.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let block = try #require(blocks.first { $0.hasPrefix(first) }, "no README block starts with \(first)")
        return block.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test(arguments: ["folio mkdir -p tmp/text", "folio ls -R -l Documents"])
    func theFileExamplesRunAsWritten(first: String) throws {
        let directory = TemporaryDirectory()
        let work = directory.appending("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let server = try LocalHTTPServer(routes: ["/index.html": .init(body: "<p>hello</p>")])
        let binaries = URL(fileURLWithPath: FolioBinary.path).deletingLastPathComponent().path
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["FOLIO_HOME"] = directory.appending("home")
        for line in try Self.block(startingWith: first) {
            let command = line.replacingOccurrences(of: "https://example.com", with: server.baseURL.absoluteString)
            let run = try Subprocess.run(
                "/bin/sh", ["-c", "cd '\(work)' && " + command], input: "", environment: environment)
            let expected: Int32 = line.contains("# fails") ? 1 : 0
            #expect(run.status == expected, "\(line)\n\(run.error)")
        }
        if first.contains("ls -R") {
            let home = directory.appending("home")
            #expect(FileManager.default.fileExists(atPath: home + "/Documents/b.txt"))
            #expect(try String(contentsOfFile: home + "/Documents/a.txt", encoding: .utf8) == "Some text\n")
            #expect(try String(contentsOfFile: home + "/tmp/index.html", encoding: .utf8) == "<p>hello</p>")
        }
    }
}
