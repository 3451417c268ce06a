import FolioTestSupport
import Foundation
import Testing

@testable import FolioSystem

@Suite struct ChildProcessTests {
    @Test func theCommandReadsWhatIsWrittenToItsPipe() throws {
        let directory = TemporaryDirectory()
        let output = directory.appending("out")
        let (process, input) = try ChildProcess.shell("cat > '\(output)'")
        try input.writeAll(Array("through the pipe\n".utf8))
        _ = consume input
        #expect(try process.wait() == .exited(0))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "through the pipe\n")
    }

    @Test func tellsHowTheCommandEnded() throws {
        #expect(try ChildProcess.shell("exit 3").process.wait() == .exited(3))
        #expect(try ChildProcess.shell("no-such-command-folio 2>/dev/null").process.wait() == .exited(127))
        #expect(try ChildProcess.shell("kill -KILL $$").process.wait() == .signalled(SIGKILL))
    }

    @Test func environmentDefaultsFillOnlyWhatIsNotSet() throws {
        let directory = TemporaryDirectory()
        let output = directory.appending("out")
        let (process, _) = try ChildProcess.shell(
            "printf '%s %s' \"$FOLIO_TEST_DEFAULT\" \"$HOME\" > '\(output)'",
            environmentDefaults: ["FOLIO_TEST_DEFAULT": "filled", "HOME": "/replaced"])
        #expect(try process.wait() == .exited(0))
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "filled \(home)")
    }

    @Test func writingAfterTheCommandQuitIsABrokenPipeNotASignal() throws {
        let (process, input) = try ChildProcess.shell("exec 0<&-; exit 0")
        #expect(try process.wait() == .exited(0))
        // Another test's child, spawned at the same moment, holds a copy of the read end until its
        // own exec closes it: write until the pipe is seen broken (the process must live through it).
        var failure: SystemError?
        let deadline = ContinuousClock.now + .seconds(10)
        while failure == nil && ContinuousClock.now < deadline {
            do throws(SystemError) {
                try input.writeAll(Array("late".utf8))
                usleep(1000)
            } catch {
                failure = error
            }
        }
        #expect(failure?.errno == .brokenPipe)
    }

    @Test func aProcessIsWaitedForOnce() throws {
        let (process, _) = try ChildProcess.shell("exit 0")
        #expect(try process.wait() == .exited(0))
        let error = #expect(throws: SystemError.self) { try process.wait() }
        #expect(error?.errno == .childProcessMissing)
    }
}
