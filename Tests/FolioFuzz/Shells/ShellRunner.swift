import Foundation
import Glibc

/// Runs the cases of a shell reader in the driver: each input is saved, then handed to the
/// session (a `folio` subprocess per case, or a request to `folio serve`), which reports how the
/// subprocess ended.
struct ShellRunner {
    let target: any ShellTarget
    let options: FuzzOptions
    let corpus: SeedCorpus
    let folio: String
    let directory: String
    let failures: String

    func run(until deadline: ContinuousClock.Instant) -> ReaderStatistics {
        var statistics = ReaderStatistics(reader: target.name)
        let session: any ShellSession
        do {
            session = try target.start(in: directory, folio: folio)
        } catch {
            statistics.failures.append(
                Failure(
                    kind: .exit, reader: target.name, seed: options.seed, caseIndex: -1,
                    detail: "the harness failed: cannot start: \(error)", input: "-", origin: "-"))
            return statistics
        }
        defer { session.stop() }
        let mutator = Mutator(seeds: Worker.seeds(of: target, corpus: corpus), profile: target.profile)
        let current = directory + "/current." + target.fileExtension
        let limits = Limits(timeout: options.shellTimeout, memory: options.memory)
        let clock = ContinuousClock()
        var index = options.firstCase
        while clock.now < deadline && index <= options.lastCase {
            var random = FuzzRandom(seed: options.seed, reader: target.name, case: index)
            let input = mutator.input(case: index, random: &random)
            guard Worker.save(input.bytes, to: current) else { break }
            let started = clock.now
            let outcome = session.run(input.bytes, limits: limits)
            let seconds = Report.seconds(clock.now - started)
            if options.verbose {
                Report.output("  \(target.name) case \(index): \(outcome) in \(String(format: "%.3f", seconds)) s")
            }
            switch outcome {
            case .passed(let refused, let code, let leaks, let peakMemory):
                statistics.peakMemory = max(statistics.peakMemory, peakMemory)
                if code.hasPrefix("HTTP 5") && code != "HTTP 501" && code != "HTTP 503"
                    && statistics.firstServerError == nil
                {
                    // Bad input is owed a 4xx (501 for a transfer coding the server does not know, 503 when it
                    // is full); keep the first request that got another 5xx for the report.
                    statistics.firstServerError = index
                    _ = Worker.save(input.bytes, to: directory + "/5xx-case\(index)." + target.fileExtension)
                }
                if leaks && statistics.firstLeak == nil {
                    _ = Worker.save(input.bytes, to: directory + "/leak-case\(index)." + target.fileExtension)
                    _ = try? FileManager.default.copyItem(
                        atPath: directory + "/stderr.txt", toPath: directory + "/leak-case\(index).stderr.txt")
                }
                statistics.record(
                    refused ? .refused(code: code, leaksControls: leaks) : .accepted, case: index, seconds: seconds)
                if leaks && !refused {
                    statistics.leaksControls += 1
                    statistics.firstLeak = statistics.firstLeak ?? index
                }
            case .failed(let kind, let detail):
                let kept =
                    failures + "/\(target.name)-\(kind.rawValue)-seed\(options.seed)-case\(index)."
                    + target.fileExtension
                let saved = Worker.save(input.bytes, to: kept) ? kept : current
                statistics.record(
                    Failure(
                        kind: kind, reader: target.name, seed: options.seed, caseIndex: index, detail: detail,
                        input: saved, origin: input.origin), seconds: seconds)
            }
            index += 1
        }
        return statistics
    }
}
