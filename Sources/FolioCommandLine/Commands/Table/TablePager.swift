import FolioTables
import Foundation
import Glibc

/// Shows a table taller than the terminal: through ``Pager``'s command (`$PAGER`), fed screen by
/// screen as it reads (the pipe's back-pressure keeps only what the pager has not read yet), or,
/// when no pager can be started, one screen at a time with keys read from standard input.
struct TablePager {
    let renderer: TerminalRenderer
    let table: TableView
    let context: CommandContext

    func run() throws {
        context.output.flush()
        guard let pager = PagerProcess(command: Pager.command(context)) else {
            try runInternally()
            return
        }
        // Ctrl-C belongs to the pager while it runs.
        signal(SIGINT, SIG_IGN)
        let started: Bool
        defer { signal(SIGINT, SIG_DFL) }
        do {
            try renderer.render(table) { text in
                guard pager.write(text) else { throw PagerClosed() }
            }
            started = pager.finish()
        } catch is PagerClosed {
            // The person quit the pager before the end (or it never ran): stop drawing.
            started = pager.finish()
        } catch {
            pager.finish()
            throw error
        }
        if !started {
            try runInternally()
        }
    }

    private struct PagerClosed: Error {}

    /// One screen at a time: Enter or space for the next, b for the previous, g and G for the top
    /// and the bottom, q to quit.
    private func runInternally() throws {
        var screen = try renderer.screen(of: table)
        var history: [TablePosition] = []
        while true {
            // The renderer escapes cells itself and adds its own colours.
            for line in screen.lines { context.output.writeVerbatim(line + "\n") }
            context.output.write(
                screen.isAtBottom ? "(end) q to quit, b back, g top: " : "-- Enter more, b back, G end, q quit: ")
            context.output.flush()
            guard let key = context.input.readLine()?.trimmingCharacters(in: .whitespaces) else { return }
            switch key {
            case "q", "Q":
                return
            case "b", "B":
                screen =
                    history.isEmpty
                    ? try renderer.screen(of: table) : try renderer.screen(of: table, endingAt: screen.start)
                if !history.isEmpty { history.removeLast() }
            case "g":
                history = []
                screen = try renderer.screen(of: table)
            case "G":
                history.append(screen.start)
                screen = try renderer.screen(of: table, endingAt: .bottom(of: table))
            default:
                if screen.isAtBottom { return }
                history.append(screen.start)
                screen = try renderer.screen(of: table, from: screen.end)
            }
        }
    }
}
