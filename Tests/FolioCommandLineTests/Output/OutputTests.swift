import FolioCommandLine
import Testing

/// Every message, and all text on a terminal, goes through one escaping step in the output layer.
@Suite struct OutputTests {
    static let hostile = "a\u{1B}]0;owned\u{07}\u{1B}[31mred\rover"
    static let shown = "a\\e]0;owned\\a\\e[31mred\\rover"

    @Test func errorsAreEscapedWhetherOrNotTheyGoToATerminal() {
        for isTerminal in [false, true] {
            let output = Output.memory(isTerminal: isTerminal)
            output.error("folio: " + OutputTests.hostile + "\nhint on the next line")
            #expect(output.capturedError == "folio: \(OutputTests.shown)\nhint on the next line\n")
        }
    }

    @Test func textOnATerminalIsEscapedAndTextForAPipeIsNot() {
        let terminal = Output.memory(isTerminal: true)
        terminal.line(OutputTests.hostile)
        terminal.write(OutputTests.hostile + "\n")
        #expect(terminal.capturedOutput == OutputTests.shown + "\n" + OutputTests.shown + "\n")
        let pipe = Output.memory(isTerminal: false)
        pipe.line(OutputTests.hostile)
        #expect(pipe.capturedOutput == OutputTests.hostile + "\n")
    }

    @Test func aRenderersOwnColoursPassVerbatim() {
        let terminal = Output.memory(isTerminal: true)
        terminal.writeVerbatim("\u{1B}[1mbold\u{1B}[0m\n")
        #expect(terminal.capturedOutput == "\u{1B}[1mbold\u{1B}[0m\n")
    }

    @Test func tableCellsAreEscapedBeforeTheColumnsAreMeasured() {
        var table = TextTable(alignments: [.left, .left])
        table.append(["evil\u{1B}[2J", "x"])
        table.append(["plain", "y"])
        #expect(table.render() == "evil\\e[2J  x\nplain      y\n")
    }
}
