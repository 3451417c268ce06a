import Foundation
import Glibc
import Synchronization

/// Runs every chosen reader for its share of the time, `jobs` at a time, and reports.
///
/// An in-process reader runs in a worker process (this executable with `--worker`), which the
/// driver watches: a worker that dies in the middle of a case is a crash; a case that takes
/// longer than the timeout is a hang and one whose worker grows past the memory bound is a
/// memory failure (the worker is killed with SIGKILL in both cases); the worker is then started
/// again from the next case. The input of the failing case was saved before it ran, and is kept
/// under `failures/`. A shell reader's cases are subprocesses the driver runs itself.
final class Driver: Sendable {
    let options: FuzzOptions
    let targets: [any FuzzTarget]
    let corpus: SeedCorpus
    let executable: String
    let folio: String

    init(options: FuzzOptions, targets: [any FuzzTarget], corpus: SeedCorpus, executable: String, folio: String) {
        self.options = options
        self.targets = targets
        self.corpus = corpus
        self.executable = executable
        self.folio = folio
    }

    /// Runs, prints the report, and returns the exit status: 0 when no case failed.
    func run() -> Int32 {
        let failures = options.output + "/failures"
        do {
            if FileManager.default.fileExists(atPath: options.output) {
                try FileManager.default.removeItem(atPath: options.output)
            }
            try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        } catch {
            Report.output("folio-fuzz: cannot prepare \(options.output): \(error)")
            return 1
        }
        let share =
            options.secondsPerReader
            ?? max(1, options.seconds * Double(options.jobs) / Double(max(1, targets.count)))
        Report.output(
            "folio-fuzz: seed \(options.seed), \(targets.count) readers, \(String(format: "%.1f", share)) s each, "
                + "\(options.jobs) at a time; seeds from \(corpus.bundle) and "
                + (corpus.corpora ?? "no shared corpora (not found beside the package)")
                + "; inputs in \(options.output)")
        let queue = Mutex(Array(targets.reversed()))
        let results = Mutex([String: ReaderStatistics]())
        let started = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: options.jobs) { _ in
            while let target = queue.withLock({ $0.popLast() }) {
                let statistics = self.run(target, seconds: share)
                results.withLock { $0[target.name] = statistics }
                Report.output(Report.progressLine(statistics))
            }
        }
        let elapsed = ContinuousClock.now - started
        let all = targets.compactMap { target in results.withLock { $0[target.name] } }
        Report.output("")
        Report.output(Report.table(all, seed: options.seed, elapsed: elapsed))
        let failed = all.flatMap(\.failures)
        for statistics in all {
            for failure in statistics.failures.prefix(5) {
                Report.output("")
                Report.output(failure.report)
            }
            if statistics.failures.count > 5 {
                Report.output("\n… and \(statistics.failures.count - 5) more failing cases of \(statistics.reader)")
            }
        }
        if !failed.isEmpty {
            Report.output("\nfolio-fuzz: \(failed.count) failing cases; their inputs are in \(failures)")
        }
        return failed.isEmpty ? 0 : 1
    }

    private func run(_ target: any FuzzTarget, seconds: Double) -> ReaderStatistics {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let directory = options.output + "/" + target.name
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            var statistics = ReaderStatistics(reader: target.name)
            statistics.failures.append(harnessFailure(target, "cannot make \(directory): \(error)"))
            return statistics
        }
        if let target = target as? any InProcessTarget {
            return runWorkers(target, deadline: deadline, directory: directory)
        }
        if let target = target as? any ShellTarget {
            return ShellRunner(
                target: target, options: options, corpus: corpus, folio: folio, directory: directory,
                failures: options.output + "/failures"
            ).run(until: deadline)
        }
        return ReaderStatistics(reader: target.name)
    }

    private func harnessFailure(_ target: any FuzzTarget, _ detail: String) -> Failure {
        Failure(
            kind: .exit, reader: target.name, seed: options.seed, caseIndex: -1,
            detail: "the harness failed: \(detail)",
            input: "-", origin: "-")
    }

    /// Runs workers for `target` from case 0 (or the first case asked for) until the deadline,
    /// starting a new one after each crash, hang or memory failure.
    private func runWorkers(
        _ target: any InProcessTarget, deadline: ContinuousClock.Instant, directory: String
    ) -> ReaderStatistics {
        var statistics = ReaderStatistics(reader: target.name)
        var next = options.firstCase
        var startsWithoutProgress = 0
        while ContinuousClock.now < deadline && next <= options.lastCase {
            let before = next
            let ended = supervise(target, from: next, deadline: deadline, directory: directory, into: &statistics)
            next = ended.next
            if ended.isFinished { break }
            startsWithoutProgress = next == before ? startsWithoutProgress + 1 : 0
            if startsWithoutProgress >= 3 {
                statistics.failures.append(harnessFailure(target, "the worker does not start: \(ended.message)"))
                break
            }
        }
        return statistics
    }

    private struct WorkerEnd {
        var next: Int
        var isFinished: Bool
        var message: String
    }

    /// Starts one worker and follows it until it ends.
    private func supervise(
        _ target: any InProcessTarget, from first: Int, deadline: ContinuousClock.Instant, directory: String,
        into statistics: inout ReaderStatistics
    ) -> WorkerEnd {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return WorkerEnd(next: first, isFinished: true, message: "no pipe") }
        let errorPath = directory + "/worker-stderr.txt"
        let errorFile = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let remaining = max(0, Int((deadline - ContinuousClock.now) / .milliseconds(1)))
        let arguments = [
            "--worker", target.name, "--seed", String(options.seed), "--from", String(first), "--to",
            String(options.lastCase), "--milliseconds", String(remaining), "--dir", directory, "--memory",
            String(options.memory >> 20),
        ]
        let worker: ChildProcess
        do {
            worker = try ChildProcess(
                executable, arguments, environment: ChildEnvironment.make(), standardOutput: pipeEnds[1],
                standardError: errorFile)
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            close(errorFile)
            return WorkerEnd(next: first, isFinished: true, message: "\(error)")
        }
        close(pipeEnds[1])
        close(errorFile)
        defer { close(pipeEnds[0]) }
        var lines = LineReader(descriptor: pipeEnds[0])
        var open: (index: Int, origin: String, started: ContinuousClock.Instant)?
        var next = first
        var finished = false
        var killedFor: (Failure.Kind, String)?
        var peak = 0
        let clock = ContinuousClock()
        while true {
            let (batch, isEnd) = lines.read(timeoutMilliseconds: 20)
            for line in batch {
                let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
                switch fields.first {
                case "B":
                    guard fields.count > 1, let index = Int(fields[1]) else { continue }
                    open = (index, fields.count > 2 ? fields[2...].joined(separator: " ") : "", clock.now)
                case "E":
                    guard fields.count > 2, let index = Int(fields[1]), let current = open, current.index == index
                    else { continue }
                    let seconds = Report.seconds(clock.now - current.started)
                    next = index + 1
                    open = nil
                    let rest = fields.count > 3 ? fields[3] : ""
                    switch fields[2] {
                    case "a":
                        statistics.record(.accepted, case: index, seconds: seconds)
                    case "r":
                        let leaks = rest.hasPrefix("1")
                        let code = String(rest.dropFirst(2))
                        statistics.record(.refused(code: code, leaksControls: leaks), case: index, seconds: seconds)
                    case "u":
                        statistics.record(.unclear(rest), case: index, seconds: seconds)
                    default:
                        let message = (try? String(contentsOfFile: rest + ".txt", encoding: .utf8)) ?? "?"
                        let kept = keep(rest, target: target, index: index, kind: .wrong)
                        statistics.record(
                            Failure(
                                kind: .wrong, reader: target.name, seed: options.seed, caseIndex: index,
                                detail: message, input: kept, origin: current.origin), seconds: seconds)
                    }
                case "D":
                    finished = true
                case "R":
                    break
                default:
                    continue
                }
            }
            if isEnd { break }
            if let current = open, killedFor == nil {
                let resident = worker.residentMemory ?? 0
                peak = max(peak, resident)
                if resident > options.memory {
                    killedFor = (
                        .memory, "\(resident >> 20) MiB resident, over the bound of \(options.memory >> 20) MiB"
                    )
                    worker.kill(SIGKILL)
                } else if clock.now - current.started > options.timeout {
                    killedFor = (.hang, "no answer after \(Report.seconds(options.timeout)) s")
                    worker.kill(SIGKILL)
                }
            }
        }
        let termination = worker.wait()
        statistics.peakMemory = max(statistics.peakMemory, peak, termination.peakMemory)
        guard let current = open else {
            if termination.status == 0 {
                return WorkerEnd(next: next, isFinished: finished, message: "")
            }
            let message = Driver.tail(of: errorPath)
            if killedFor == nil {
                statistics.failures.append(
                    harnessFailure(target, "the worker ended with \(termination) between cases: \(message)"))
            }
            return WorkerEnd(next: next, isFinished: true, message: message)
        }
        let kind: Failure.Kind
        var detail: String
        if let killedFor {
            (kind, detail) = killedFor
        } else if termination.signal != nil {
            kind = .crash
            detail = termination.description
        } else {
            kind = .exit
            detail = termination.description
        }
        let message = Driver.tail(of: errorPath)
        if !message.isEmpty && killedFor == nil {
            detail += ": " + message
        }
        let input = keep(
            directory + "/current." + target.fileExtension, target: target, index: current.index, kind: kind)
        statistics.record(
            Failure(
                kind: kind, reader: target.name, seed: options.seed, caseIndex: current.index, detail: detail,
                input: input, origin: current.origin), seconds: Report.seconds(clock.now - current.started))
        return WorkerEnd(next: current.index + 1, isFinished: false, message: detail)
    }

    /// Moves a failing input to `failures/`, named by reader, kind, seed and case.
    private func keep(_ path: String, target: any FuzzTarget, index: Int, kind: Failure.Kind) -> String {
        let kept =
            options.output + "/failures/\(target.name)-\(kind.rawValue)-seed\(options.seed)-case\(index)."
            + target.fileExtension
        if rename(path, kept) != 0 {
            return path
        }
        return kept
    }

    /// The last lines of a worker's standard error, on one line.
    static func tail(of path: String) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "" }
        let lines = text.split(separator: "\n").suffix(3).joined(separator: " | ")
        return String(lines.prefix(600))
    }
}
