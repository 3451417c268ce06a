import FolioCommandLine
import FolioTestSupport
import Foundation
import Testing

/// Control characters from a log, a file name or a table cell never reach the terminal raw.
@Suite struct HostileTextTests {
    /// Raw control characters that would act on a terminal (line feeds separate lines).
    static func rawControls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func nmeaErrorsDoNotCopyTheOffendingLineToTheTerminal() throws {
        let home = try TestContainer()
        let title = "\u{1B}]0;owned\u{07}"
        let colour = "\u{1B}[41m"
        let log =
            [
                "$GPGGA,\(title)120000.00,3853.8620,N*00", "\(colour)garbage\rover", "$GPRMC,1\u{9B}2m,A*7F",
            ].joined(separator: "\r\n") + "\r\n"
        try home.plant("Documents/hostile.nmea", log)
        let run = try FolioBinary.run([
            "--home", home.container.root, "geo", "watch", "--nmea", "Documents/hostile.nmea",
        ])
        #expect(run.status == 1)
        #expect(HostileTextTests.rawControls(run.standardError).isEmpty, "\(run.standardError.debugDescription)")
        #expect(run.standardError.contains("\\e]0;owned\\a"), "\(run.standardError)")
        #expect(run.standardError.contains("\\e[41mgarbage\\rover"), "\(run.standardError)")
    }

    @Test func fileNamesInListingsOnATerminalAreEscaped() async throws {
        let home = try TestContainer()
        try home.plant("Documents/evil\u{1B}]0;owned\u{07}\r.txt", "x")
        for arguments in [["ls", "Documents"], ["ls", "-l", "Documents"], ["ls", "-R", "."]] {
            let output = Output.memory(isTerminal: true)
            let status = await FolioCLI.run(
                ["--home", home.container.root] + arguments, output: output, input: .text(""))
            #expect(status == 0, "\(arguments): \(output.capturedError)")
            #expect(HostileTextTests.rawControls(output.capturedOutput).isEmpty, "\(arguments)")
            #expect(
                output.capturedOutput.contains("evil\\e]0;owned\\a\\r.txt"), "\(arguments): \(output.capturedOutput)")
        }
    }

    @Test func csvCellsAndErrorsOnATerminalCarryNoControlCharacters() async throws {
        let home = try TestContainer()
        try home.plant("Documents/cells.csv", "name,role\n\"\u{1B}]0;owned\u{07}Homer\",\"Fa\rther\u{9B}31m\"\n")
        let output = Output.memory(isTerminal: true)
        let status = await FolioCLI.run(
            ["--home", home.container.root, "table", "show", "Documents/cells.csv", "--no-pager"], output: output,
            input: .text(""))
        #expect(status == 0, "\(output.capturedError)")
        let shown = output.capturedOutput
        #expect(shown.contains("Homer"))
        #expect(!shown.contains("\u{1B}]") && !shown.contains("\u{07}") && !shown.contains("\r"))
        #expect(!shown.unicodeScalars.contains("\u{9B}"))

        try home.plant("Documents/broken.csv", "name,role\n\"\u{1B}]0;owned\u{07}Homer,Father\n")
        let failing = Output.memory(isTerminal: true)
        let failed = await FolioCLI.run(
            ["--home", home.container.root, "table", "show", "Documents/broken.csv", "--no-pager"], output: failing,
            input: .text(""))
        #expect(failed == 1)
        #expect(failing.capturedError.contains("malformedCSV"))
        #expect(HostileTextTests.rawControls(failing.capturedError).isEmpty)
    }

    @Test func aPathWithControlCharactersIsRefusedWithAnEscapedMessage() throws {
        let home = try TestContainer()
        let run = try FolioBinary.run(["--home", home.container.root, "cat", "Documents/a\u{1B}[2J\u{07}b"])
        #expect(run.status == 1)
        #expect(HostileTextTests.rawControls(run.standardError).isEmpty)
        #expect(run.standardError.contains("a\\e[2J\\ab"), "\(run.standardError)")
    }
}
