import Foundation
import Glibc

/// Makes a failing input smaller while it still fails the same way (`--minimize FILE`): pieces
/// are cut out, halves first, then quarters and so on (delta debugging), each candidate replayed
/// in a subprocess (`--replay`) so that a crash or a hang ends only that attempt.
///
/// The result is written beside the input as `FILE.min`, small enough to keep as a regression seed.
struct Minimizer {
    let target: any FuzzTarget
    let options: FuzzOptions
    let executable: String

    func run(_ path: String) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            Report.output("folio-fuzz: cannot read \(path)")
            return 2
        }
        var input = Array(data)
        let candidate = path + ".candidate"
        defer { unlink(candidate) }
        guard let kind = failure(of: input, at: candidate) else {
            Report.output("folio-fuzz: \(path) does not fail \(target.name); nothing to minimize")
            return 1
        }
        Report.output("\(target.name): \(path) fails with a \(kind.rawValue) (\(input.count) bytes); minimizing")
        var pieces = 2
        var attempts = 0
        while input.count >= 2 && attempts < options.minimizeAttempts {
            let size = (input.count + pieces - 1) / pieces
            var cut = false
            var start = 0
            while start < input.count && attempts < options.minimizeAttempts {
                let smaller = Array(input[..<start]) + input[min(input.count, start + size)...]
                attempts += 1
                if failure(of: smaller, at: candidate) == kind {
                    input = smaller
                    cut = true
                    Report.output("  \(input.count) bytes")
                } else {
                    start += size
                }
            }
            if cut {
                pieces = max(2, pieces - 1)
            } else if size == 1 {
                break
            } else {
                pieces = min(input.count, pieces * 2)
            }
        }
        let result = path + ".min"
        guard Worker.save(input, to: result) else {
            Report.output("folio-fuzz: cannot write \(result)")
            return 1
        }
        Report.output(
            "\(target.name): \(input.count) bytes still fail with a \(kind.rawValue), after \(attempts) attempts: \(result)"
        )
        return 0
    }

    /// How replaying `input` fails, or nil when it does not.
    private func failure(of input: [UInt8], at path: String) -> Failure.Kind? {
        guard Worker.save(input, to: path) else { return nil }
        let arguments = [
            "--reader", target.name, "--replay", path, "--shell-timeout", String(Report.seconds(options.shellTimeout)),
        ]
        guard let process = try? ChildProcess(executable, arguments, environment: ChildEnvironment.make()) else {
            return nil
        }
        let (ended, killedFor, _) = process.wait(timeout: options.timeout + .seconds(2), memory: options.memory)
        if let killedFor { return killedFor }
        if ended.signal != nil { return .crash }
        // A replay exits 1 when the reader broke an invariant or a subprocess case failed.
        return ended.status == 0 ? nil : (target is any InProcessTarget ? .wrong : .crash)
    }
}
