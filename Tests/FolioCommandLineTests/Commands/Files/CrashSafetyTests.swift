import FolioTestSupport
import Foundation
import Glibc
import Testing

/// `folio write` killed with SIGKILL at random moments while saving, over and over: the file is
/// always wholly the old contents or wholly the new, never torn, never empty.
@Suite struct CrashSafetyTests {
    @Test func aSaveKilledAtAnyMomentLeavesTheOldOrTheNewFile() throws {
        let directory = TemporaryDirectory()
        let home = directory.appending("home")
        let versions = [String(repeating: "A", count: 300_000), String(repeating: "B", count: 700_000)]
        let inputs = try versions.enumerated().map { index, text -> String in
            let path = directory.appending("input\(index)")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let first = try FolioBinary.run(["--home", home, "write", "Documents/doc"], input: versions[0])
        try #require(first.status == 0, "\(first.standardError)")
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: home + "/Documents"))
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for round in 0..<60 {
            let input = open(inputs[round % 2 == 0 ? 1 : 0], O_RDONLY | O_CLOEXEC)
            defer { close(input) }
            let child = try Subprocess(
                FolioBinary.path, ["--home", home, "write", "Documents/doc"], standardInput: input)
            usleep(UInt32.random(in: 0...25_000, using: &generator))
            child.kill(SIGKILL)
            if child.wait() == 128 + SIGKILL { killed += 1 }
            let contents = try String(contentsOfFile: home + "/Documents/doc", encoding: .utf8)
            #expect(versions.contains(contents), "round \(round): \(contents.count) bytes, torn or empty")
        }
        #expect(killed > 10, "the test must actually interrupt saves (\(killed) of 60 were killed)")
        let leftovers = Set(try FileManager.default.contentsOfDirectory(atPath: home + "/Documents")).subtracting(
            before)
        #expect(leftovers.isEmpty, "unnamed temporary files leave nothing behind: \(leftovers)")
    }
}
