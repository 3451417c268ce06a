import FolioTestSupport
import Foundation
import Testing

/// New files are 0600 and directories 0700 whatever the umask, unless a mode is given. The umask
/// belongs to the whole process, so each case runs `folio` in a shell with its own umask.
@Suite struct UmaskTests {
    @Test(arguments: ["000", "022", "077", "277", "777"])
    func newFilesAndDirectoriesArePrivateUnderAnyUmask(_ mask: String) throws {
        let directory = TemporaryDirectory()
        let home = directory.appending("home")
        let folio = FolioBinary.path
        let script = """
            umask \(mask)
            '\(folio)' --home '\(home)' mkdir -p tmp/d/e &&
            '\(folio)' --home '\(home)' write tmp/d/atomic.txt --text x &&
            '\(folio)' --home '\(home)' write tmp/d/plain.txt --text x --not-atomic &&
            '\(folio)' --home '\(home)' write tmp/d/mode.txt --text x --mode 640 &&
            '\(folio)' --home '\(home)' cp -r tmp/d tmp/copy
            """
        let run = try Subprocess.run("/bin/sh", ["-c", script])
        try #require(run.status == 0, "\(run.error)")
        func mode(_ relative: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: home + "/" + relative)[.posixPermissions] as? Int)
        }
        for layout in ["Documents", "Library", "Library/Preferences", "tmp"] {
            #expect(try mode(layout) == 0o700, "\(layout)")
        }
        #expect(try mode("tmp/d") == 0o700)
        #expect(try mode("tmp/d/e") == 0o700)
        #expect(try mode("tmp/d/atomic.txt") == 0o600)
        #expect(try mode("tmp/d/plain.txt") == 0o600)
        #expect(try mode("tmp/d/mode.txt") == 0o640)
        #expect(try mode("tmp/copy") == 0o700)
        #expect(try mode("tmp/copy/e") == 0o700)
        #expect(try mode("tmp/copy/atomic.txt") == 0o600)
    }
}
