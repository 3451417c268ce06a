import Foundation
import Glibc

/// The worker process: runs the cases of one in-process reader, from a given case on, until a
/// deadline, reporting to the driver one line per event on standard output:
///
/// - `B N ORIGIN` before case N, once its input is saved (so a crash or a hang leaves it);
/// - `E N a` accepted, `E N r LEAKS CODE` refused (LEAKS is 0 or 1), `E N u TYPE` unclear,
///   `E N w PATH` a broken invariant (its input saved at PATH, the message beside it);
/// - `R` before it exits to be started again (its memory grew), `D` when the deadline is reached.
///
/// A crash ends the worker in the middle of a case: the driver sees a `B` without its `E`.
struct Worker {
    var target: any InProcessTarget
    var seed: UInt64
    var firstCase: Int
    var lastCase: Int
    var deadline: ContinuousClock.Instant
    var directory: String
    /// The worker's own bound on its address space, in bytes (a backstop to the driver's check).
    var addressSpace: Int
    /// The resident memory after which the worker asks to be restarted between cases.
    var recycleMemory: Int

    func run(corpus: SeedCorpus) -> Int32 {
        var limit = rlimit(rlim_cur: rlim_t(addressSpace), rlim_max: rlim_t(addressSpace))
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        let mutator = Mutator(seeds: Worker.seeds(of: target, corpus: corpus), profile: target.profile)
        let scratch = directory + "/scratch"
        let current = directory + "/current." + target.fileExtension
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            Worker.say("X cannot make \(scratch): \(error)")
            return 1
        }
        let clock = ContinuousClock()
        var index = firstCase
        var savedLeak = false
        while index <= lastCase {
            if clock.now >= deadline {
                Worker.say("D")
                return 0
            }
            var random = FuzzRandom(seed: seed, reader: target.name, case: index)
            let input = mutator.input(case: index, random: &random)
            guard Worker.save(input.bytes, to: current) else {
                Worker.say("X cannot save the input to \(current)")
                return 1
            }
            Worker.say("B \(index) \(input.origin)")
            do {
                switch try target.run(input.bytes, scratch: scratch) {
                case .accepted:
                    Worker.say("E \(index) a")
                case .refused(let code, let leaks, let message):
                    if leaks && !savedLeak {
                        // The first input whose message copies a control character, for the report.
                        let leak = directory + "/leak-case\(index)."
                        savedLeak = Worker.save(input.bytes, to: leak + target.fileExtension)
                        _ = Worker.save(Array(message.utf8), to: leak + "txt")
                    }
                    Worker.say("E \(index) r \(leaks ? 1 : 0) \(code)")
                case .unclear(let type):
                    Worker.say("E \(index) u \(type)")
                }
            } catch {
                let saved = directory + "/wrong-\(index)." + target.fileExtension
                _ = Worker.save(input.bytes, to: saved)
                _ = Worker.save(Array(error.description.utf8), to: saved + ".txt")
                Worker.say("E \(index) w \(saved)")
            }
            index += 1
            if let resident = ChildProcess.residentMemory(of: getpid()), resident > recycleMemory {
                Worker.say("R")
                return 0
            }
        }
        Worker.say("D")
        return 0
    }

    /// The seeds of a target, then its regression seeds.
    static func seeds(of target: any FuzzTarget, corpus: SeedCorpus) -> [Seed] {
        target.seeds(from: corpus) + corpus.regressions(for: target.name)
    }

    /// Writes `bytes` to `path` (replacing it) with plain system calls.
    static func save(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress?.advanced(by: written), bytes.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// One line to the driver, written at once (the pipe keeps lines whole up to 4 KiB).
    static func say(_ line: String) {
        write(Array(line.utf8.prefix(3_000).filter { $0 != UInt8(ascii: "\n") }) + [UInt8(ascii: "\n")], to: 1)
    }

    /// Writes all of `bytes` to `descriptor`.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress?.advanced(by: written), bytes.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
