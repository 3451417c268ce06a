import FolioCommandLine
import FolioTestSupport
import Foundation
import Testing

/// `folio ls -l` writes its columns byte by byte: what it prints must be what ``Format`` says, for
/// every size unit and rounding edge and every permission bit.
@Suite struct ListingColumnsTests {
    private let directory = TemporaryDirectory()
    private var home: String { directory.appending("home") }

    @Test func sizesAndModesMatchTheirFormatting() throws {
        let sizes: [UInt64] = [
            0, 1, 9, 10, 999, 1000, 1023, 1024, 1025, 1075, 1126, 1536, 10188, 10189, 10239, 10240, 10752,
            1_048_063, 1_048_575, 1_048_576, 1_572_864, 123_456_789, 10_737_418_240, 5_497_558_138_880,
        ]
        let modes: [UInt32] = [0o000, 0o777, 0o754, 0o640, 0o421, 0o111, 0o600, 0o1755]
        let folder = home + "/tmp/columns"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var expected: [String: String] = [:]
        for (index, size) in sizes.enumerated() {
            let name = String(format: "s%02d", index)
            let mode = modes[index % modes.count]
            let path = folder + "/" + name
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(size)) == 0)  // Sparse: no space is used.
            #expect(chmod(path, mode_t(mode)) == 0)
            let text = Format.size(size)
            let padded = String(repeating: " ", count: max(0, 9 - text.count)) + text
            expected[name] = Format.permissions(mode, typeLetter: "-") + "  " + padded
        }
        let run = try FolioBinary.run(["--home", home, "ls", "-l", "tmp/columns"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == sizes.count)
        for line in lines {
            let name = String(line.suffix(3))
            let want = try #require(expected[name], "\(line)")
            #expect(line.hasPrefix(want + "  "), "\(line) should start with \(want)")
        }
    }
}
