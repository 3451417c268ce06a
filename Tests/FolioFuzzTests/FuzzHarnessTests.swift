import FolioTestSupport
import Foundation
import Testing

/// The fuzzer itself: a case is the same bytes every time, and every kind of failure — a crash, a
/// hang, too much memory, a wrong exit status, a broken invariant, a subprocess killed by a
/// signal — fails the run, names the case, keeps the input that caused it, and lets the run go
/// on with the next case. The canary readers fail on purpose on their third seed (case 2).
@Suite struct FuzzHarnessTests {
    static var fuzzer: String { FolioBinary.sibling("folio-fuzz") }

    struct Canary: Sendable, CustomStringConvertible {
        var reader: String
        var heading: String
        var options: [String] = []
        var description: String { reader }
    }

    static let canaries = [
        Canary(reader: "canary-crash", heading: "CRASH in canary-crash, case 2 of seed 1: signal 11 (SIGSEGV)"),
        Canary(reader: "canary-hang", heading: "HANG in canary-hang, case 2 of seed 1", options: ["--timeout", "1"]),
        Canary(
            reader: "canary-memory", heading: "MEMORY in canary-memory, case 2 of seed 1", options: ["--memory", "128"]),
        Canary(reader: "canary-exit", heading: "EXIT in canary-exit, case 2 of seed 1: exit status 3"),
        Canary(
            reader: "canary-wrong", heading: "WRONG in canary-wrong, case 2 of seed 1: the canary was told to be wrong"),
        Canary(reader: "canary-shell", heading: "CRASH in canary-shell, case 2 of seed 1"),
    ]

    @Test(arguments: canaries)
    func aFailingCaseFailsTheRunAndKeepsItsInput(_ canary: Canary) throws {
        let directory = TemporaryDirectory()
        let run = try FolioBinary.run(
            executable: Self.fuzzer,
            ["--reader", canary.reader, "--to", "5", "--out", directory.path] + canary.options)
        #expect(run.status == 1, "\(run.standardOutput)")
        #expect(run.standardOutput.contains(canary.heading), "\(run.standardOutput)")
        let kind = canary.heading.prefix { $0 != " " }.lowercased()
        let kept = directory.appending("failures/\(canary.reader)-\(kind)-seed1-case2.txt")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "TRIGGER")
        #expect(run.standardOutput.contains("--replay '\(kept)'"))
        // Cases 0 to 5 were all run: the worker (or the subprocess) was started again after case 2.
        let row = try #require(run.standardOutput.split(separator: "\n").first { $0.hasPrefix("| \(canary.reader) |") })
        #expect(row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[1] == "6")
    }

    @Test func aCaseIsTheSameBytesEveryTimeAndDiffersBySeed() throws {
        let directory = TemporaryDirectory()
        var made: [Data] = []
        for (seed, file) in [("7", "a"), ("7", "b"), ("8", "c")] {
            let run = try FolioBinary.run(
                executable: Self.fuzzer,
                ["--reader", "csv", "--seed", seed, "--case", "40", "--save", directory.appending(file)])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            made.append(try Data(contentsOf: URL(fileURLWithPath: directory.appending(file))))
        }
        #expect(made[0] == made[1])
        #expect(made[0] != made[2])
    }

    @Test func aSavedInputReplaysInProcess() throws {
        let directory = TemporaryDirectory()
        let input = directory.appending("input.csv")
        try Data("name,role\n\"Homer\",Father\n".utf8).write(to: URL(fileURLWithPath: input))
        let run = try FolioBinary.run(executable: Self.fuzzer, ["--reader", "csv", "--replay", input])
        #expect(run.status == 0)
        #expect(run.standardOutput == "csv: accepted\n")
    }

    @Test func anUnknownReaderIsAUsageError() throws {
        let run = try FolioBinary.run(executable: Self.fuzzer, ["--reader", "no-such-reader"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("unknown reader 'no-such-reader'"))
    }
}
