import Dispatch
import FolioDocuments
import FolioServer
import Foundation
import Glibc
import Synchronization

/// `folio serve`: the Folio app in the browser.
enum ServeCommand {
    static let command = Command(
        "serve",
        summary: "run the Folio app in the browser (prints the address with its access token)",
        usage: "serve [--host 127.0.0.1] [--port 8080] [--query-time-limit SECONDS]",
        options: [
            .value("--host", name: "ADDRESS", help: "the IP address to listen on (default 127.0.0.1, loopback only)"),
            .value("--port", name: "PORT", help: "the port (default 8080; 0 picks a free one)"),
            .value(
                "--query-time-limit", name: "SECONDS",
                help: "how long the SQL of one database request may run (default 5)"),
        ],
        discussion: "The printed address carries a random access token; opening it sets a cookie for this "
            + "browser. Set FOLIO_TOKEN to choose the token yourself. The first launch on a container with no "
            + "documents adds a few sample drawings and notes and the Simpsons table. Stop with Ctrl-C."
    ) { arguments, context in
        try arguments.expectAtMost(0)
        let host = arguments.value("--host") ?? "127.0.0.1"
        let port = try arguments.integer("--port") ?? 8080
        let queryTimeLimit = try DatabaseOptions.timeLimit(arguments.value("--query-time-limit"))
        let token =
            ProcessInfo.processInfo.environment["FOLIO_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Gatekeeper.makeToken()
        let container = try context.container()
        try SampleContent(library: DocumentLibrary(container: container)).installIfFirstLaunch()
        let server = try WebAppServer(
            container: container, host: host, port: port, token: token, queryTimeLimit: queryTimeLimit)
        let shown = host.contains(":") ? "[\(host)]" : host
        context.output.line("Folio is running on \(container.root)")
        context.output.line("Open http://\(shown):\(server.port)/?token=\(token)")
        context.output.line("Press Ctrl-C to stop.")
        context.output.flush()
        await waitForTermination()
        server.stop()
        context.output.line("Stopped.")
    }

    /// Suspends until SIGINT or SIGTERM arrives.
    private static func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = Atomic(false)
            var sources: [DispatchSourceSignal] = []
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    if !resumed.exchange(true, ordering: .relaxed) {
                        continuation.resume()
                    }
                }
                source.resume()
                sources.append(source)
            }
            SignalSources.keep(sources)
        }
    }
}

/// Keeps signal sources alive for the life of the process.
private enum SignalSources {
    nonisolated(unsafe) private static var kept: [DispatchSourceSignal] = []

    static func keep(_ sources: [DispatchSourceSignal]) {
        kept = sources
    }
}
