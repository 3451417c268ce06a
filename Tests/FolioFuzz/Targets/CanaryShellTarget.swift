/// A shell reader that fails on purpose: `sh` kills itself with SIGSEGV on the input `TRIGGER`.
struct CanaryShellTarget: ShellTarget {
    var name: String { "canary-shell" }
    var summary: String { "a subprocess that dies of SIGSEGV on the input TRIGGER (tests the fuzzer itself)" }
    var fileExtension: String { "txt" }
    var profile: MutationProfile { MutationProfile(tokens: []) }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        CanaryTarget.seeds
    }

    func start(in directory: String, folio: String) throws -> any ShellSession {
        Session(directory: directory)
    }

    final class Session: ShellSession {
        let directory: String

        init(directory: String) {
            self.directory = directory
        }

        func run(_ input: [UInt8], limits: Limits) -> ShellOutcome {
            let script = input == Array("TRIGGER".utf8) ? "kill -SEGV $$" : "exit 1"
            return CommandSession.run("/bin/sh", ["-c", script], directory: directory, limits: limits)
        }

        func stop() {}
    }
}
