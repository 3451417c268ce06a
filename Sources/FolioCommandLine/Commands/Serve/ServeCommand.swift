import Dispatch
import FolioDatabase
import FolioDocuments
import FolioFiles
import FolioServer
import Foundation
import Glibc
import Synchronization

/// `folio serve`: the Folio app in the browser.
enum ServeCommand {
    static let host = Option(
        "--host", valueName: "ADDRESS", help: "the IP address to listen on (default 127.0.0.1, loopback only)")
    static let port = Option(
        "--port", valueName: "PORT", help: "the port (default 8080; 0 picks a free one)", parse: WholeNumber.parse)

    static let command = Command(
        "serve",
        summary: "run the Folio app in the browser (prints the address with its access token)",
        parameters: [host, port, DatabaseOptions.queryTimeLimit],
        discussion: "The printed address carries a random access token; opening it sets a cookie for this "
            + "browser. Set FOLIO_TOKEN to choose the token yourself. The first use of a container (by any folio "
            + "command) adds a few sample drawings and notes and the Simpsons table. Stop with Ctrl-C or SIGTERM: "
            + "requests still running are cancelled, and the server is gone within two seconds."
    ) { arguments, context in
        let host = arguments[Self.host] ?? "127.0.0.1"
        let port = arguments[Self.port] ?? 8080
        let queryTimeLimit = arguments[DatabaseOptions.queryTimeLimit] ?? QueryLimits.defaultTimeLimit
        let token =
            ProcessInfo.processInfo.environment["FOLIO_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Gatekeeper.makeToken()
        let container = try context.container()
        let server = try WebAppServer(
            container: container, host: host, port: port, token: token, queryTimeLimit: queryTimeLimit)
        let shown = host.contains(":") ? "[\(host)]" : host
        context.output.line("Folio is running on \(container.root)")
        context.output.line("Open http://\(shown):\(server.port)/?token=\(token)")
        context.output.line("Press Ctrl-C to stop.")
        context.output.flush()
        await waitForTermination()
        context.output.line("Stopping… (Ctrl-C again stops at once)")
        context.output.flush()
        // Stopping waits a bounded time for running requests; should anything still hold it (a
        // thread stuck in the kernel), the process goes anyway.
        DispatchQueue.global().asyncAfter(deadline: .now() + stopDeadline) {
            forceExit("the server did not stop in time; exiting anyway")
        }
        server.stop()
        context.output.line("Stopped.")
    }

    /// How long stopping may take before the process exits regardless.
    static let stopDeadline = 1.8

    /// Ends the process at once, saying why on standard error.
    private static func forceExit(_ reason: String) -> Never {
        let message = "folio serve: \(reason)\n"
        do {
            try StandardStream.error.write(message.utf8)
        } catch {
            // Standard error is gone: the process ends all the same.
        }
        _exit(1)
    }

    /// Suspends until SIGINT or SIGTERM arrives; a second one ends the process at once.
    private static func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = Atomic(false)
            var sources: [DispatchSourceSignal] = []
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    if resumed.exchange(true, ordering: .relaxed) {
                        forceExit("stopped at once on a second signal")
                    }
                    continuation.resume()
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
