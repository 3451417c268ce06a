import FolioCore
import FolioSandbox
import Glibc

/// Long output for a person: on a terminal, text taller than the screen goes through `$PAGER`
/// (default `less -R`, with `LESS=FRX` unless set); piped, or with `--no-pager`, it is printed
/// as it is. `table show`, `geo near` and `geo track show` page this one way.
enum Pager {
    /// `--no-pager`, which every paging command declares.
    static let noPager = Flag("--no-pager", help: "print everything even when it is taller than the terminal")

    /// The pager command: `$PAGER`, or `less -R`.
    static func command(_ context: CommandContext) -> String {
        context.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
    }

    /// Whether output for a person should page at all: standard output is a terminal and paging
    /// was not turned off.
    static func applies(_ context: CommandContext, isAllowed: Bool) -> Bool {
        isAllowed && context.output.isTerminal && !context.wantsJSON
    }

    /// Shows `text`: through the pager when it applies and `text` is taller than the terminal,
    /// else on standard output. When the pager cannot be started, the text is printed.
    static func show(_ text: String, context: CommandContext, isAllowed: Bool) throws {
        let output = context.output
        let screen = TerminalSize.current(isTerminal: output.isTerminal, environment: context.environment)
        let lines = text.utf8.lazy.filter { $0 == 0x0A }.count
        guard applies(context, isAllowed: isAllowed), lines >= screen.lines else {
            output.write(text)
            return
        }
        output.flush()
        guard let pager = PagerProcess(command: command(context)) else {
            output.write(text)
            return
        }
        // Ctrl-C belongs to the pager while it runs.
        signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, SIG_DFL) }
        let written = pager.write(UntrustedText.escaped(text, keepingLineBreaks: true))
        if !pager.finish() && written {
            // The shell could not run the pager command: print instead.
            output.write(text)
        }
    }
}
