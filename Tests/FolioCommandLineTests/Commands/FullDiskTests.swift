import FolioTestSupport
import Foundation
import Testing

/// Commands on a real full filesystem (a small tmpfs, filled up): each either succeeds or fails
/// with a clear error having changed nothing — no new document, no hidden copy, no half-made
/// directory, the old contents intact. Each command is tried with 0 to 8 pages of space left, so
/// that it runs out at every step it has (the journal, the new file, the record, the preferences).
/// The tests wait for child processes on the test runner's threads, so they run one at a time, to
/// leave the others to tests that wait asynchronously (server-sent events).
@Suite(.enabled(if: SmallFilesystem.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"), .serialized)
struct FullDiskTests {
    static let pagesLeft = [0, 1, 2, 3, 4, 6, 8]

    /// A Home on a fresh small filesystem, made and provisioned by `folio home`.
    struct FullHome {
        let filesystem: SmallFilesystem
        var root: String { filesystem.path + "/home" }

        init() throws {
            filesystem = try SmallFilesystem(megabytes: 16)
            let made = try FolioBinary.run(["--home", filesystem.path + "/home", "home"])
            try #require(made.status == 0, "\(made.standardError)")
        }

        func folio(_ arguments: [String], input: String = "") throws -> FolioBinary.Run {
            try FolioBinary.run(["--home", root] + arguments, input: input)
        }

        func plant(_ relative: String, _ text: String) throws {
            let url = URL(fileURLWithPath: root + "/" + relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// Every path under the Home with its contents (empty for a directory).
        func tree() throws -> [String: Data] {
            var result: [String: Data] = [:]
            for relative in filesystem.names(under: "home") {
                var isDirectory: ObjCBool = false
                let path = root + "/" + relative
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                result[relative] = isDirectory.boolValue ? Data() : FileManager.default.contents(atPath: path)
            }
            return result
        }

        func version(of name: String) throws -> String {
            let run = try folio(["--json", "doc", "show", name])
            let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
            let document = object?["document"] as? [String: Any] ?? object
            return try #require(document?["version"] as? String, "\(run.standardOutput)")
        }
    }

    /// Runs `command` with each amount of space left after `setUp`: a failure must change nothing.
    func expectAllOrNothing(
        _ command: [String],
        input: String = "",
        setUp: (FullHome) throws -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try expectAllOrNothing(
            input: input,
            setUp: { home in
                try setUp(home)
                return command
            }, sourceLocation: sourceLocation)
    }

    /// Runs the command `setUp` returns with each amount of space left: a failure must change nothing.
    func expectAllOrNothing(
        input: String = "",
        setUp: (FullHome) throws -> [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var failures = 0
        for pages in FullDiskTests.pagesLeft {
            let home = try FullHome()
            let command = try setUp(home)
            let before = try home.tree()
            home.filesystem.fill()
            home.filesystem.free(pages: pages)
            let run = try home.folio(command, input: input)
            guard run.status != 0 else { continue }
            failures += 1
            #expect(run.status == 1, "\(pages) pages: \(run.standardError)", sourceLocation: sourceLocation)
            #expect(
                run.standardError.contains("no space left"), "\(pages) pages: \(run.standardError)",
                sourceLocation: sourceLocation)
            let after = try home.tree()
            let added = after.filter { before[$0.key] != $0.value }.keys.sorted()
            let removed = before.keys.filter { after[$0] == nil }.sorted()
            #expect(
                after == before, "\(pages) pages: left behind \(added), removed \(removed)",
                sourceLocation: sourceLocation)
        }
        #expect(failures > 0, "the disk was never full enough to fail", sourceLocation: sourceLocation)
    }

    @Test func aNewNoteOnAFullDiskIsNotCreated() throws {
        try expectAllOrNothing(["doc", "new", "--kind", "note"])
    }

    @Test func aRetriedNewNoteMakesNothingEither() throws {
        let home = try FullHome()
        let before = try home.tree()
        home.filesystem.fill()
        home.filesystem.free(pages: 1)
        for _ in 0..<3 {
            #expect(try home.folio(["doc", "new", "--kind", "note"]).status == 1)
        }
        #expect(try home.tree() == before)
    }

    @Test func aWriteOnAFullDiskLeavesTheOldFileAndNoCopy() throws {
        let text = String(repeating: "new contents ", count: 4000)
        try expectAllOrNothing(["write", "Documents/existing.txt"], input: text) { home in
            try home.plant("Documents/existing.txt", "old")
        }
        try expectAllOrNothing(["write", "Documents/fresh.txt"], input: text)
    }

    @Test func aSaveOnAFullDiskKeepsTheOldContents() throws {
        try expectAllOrNothing(input: String(repeating: "new plan ", count: 4000)) { home in
            try home.plant("Documents/Plan.txt", "old plan")
            return ["doc", "save", "Plan.txt", "--based-on", try home.version(of: "Plan.txt")]
        }
    }

    @Test func aCopyOnAFullDiskLeavesNoHalfCopy() throws {
        let big = String(repeating: "x", count: 40_000)
        try expectAllOrNothing(["cp", "-r", "Documents/Project", "Documents/Project copy"]) { home in
            try home.plant("Documents/Project/a.txt", big)
            try home.plant("Documents/Project/sub/b.txt", big)
        }
        try expectAllOrNothing(["cp", "Documents/a.txt", "Documents/b.txt"]) { home in
            try home.plant("Documents/a.txt", big)
        }
    }

    @Test func aDeletionOnAFullDiskLeavesTheDocumentWhereItWas() throws {
        try expectAllOrNothing(["doc", "delete", "Plan.txt", "--yes"]) { home in
            try home.plant("Documents/Plan.txt", "plan")
            try home.plant("Documents/Other.txt", "other")
            #expect(try home.folio(["doc", "select", "Plan.txt"]).status == 0)
        }
    }
}
