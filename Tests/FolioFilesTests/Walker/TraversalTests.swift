import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Synchronization
import Testing

/// Attempts to reach outside the Home through every operation: each must fail with a clear
/// error, and nothing outside may be read, written or deleted.
@Suite struct TraversalTests {
    /// A container plus a directory beside it ("outside") holding a file that must stay untouched.
    private struct Setup {
        let test: TestContainer
        let files: Files
        let outside: String

        init() throws {
            test = try TestContainer()
            files = Files(test.container)
            outside = test.directory.appending("outside")
            try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
            try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
        }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: test.absolute(relative), withDestinationPath: target)
        }

        /// The outside directory is exactly as it was set up.
        func outsideIsUntouched() throws -> Bool {
            let names = try FileManager.default.contentsOfDirectory(atPath: outside)
            let contents = try String(contentsOfFile: outside + "/secret.txt", encoding: .utf8)
            return names == ["secret.txt"] && contents == "secret"
        }
    }

    static let hostilePaths = [
        "../outside/secret.txt", "Documents/../../outside/secret.txt", "/etc/passwd", "Documents/\u{0}x",
        "tmp/" + String(repeating: "a", count: 256), "Documents/..", "~/secret",
    ]

    @Test(arguments: hostilePaths)
    func hostilePathsNeverParse(_ text: String) throws {
        let error = try #require(throws: FileError.self) { try SandboxPath(parsing: text) }
        #expect([.outsideContainer, .invalidPath, .invalidName].contains(error.code))
    }

    @Test func linksToOutsideCannotBeReadWrittenOrListedThrough() throws {
        let setup = try Setup()
        try setup.link("Documents/etc", to: "/etc")
        try setup.link("Documents/out", to: setup.outside)
        try setup.link("Documents/relative", to: "../../outside")
        try setup.link("Documents/file", to: setup.outside + "/secret.txt")
        let files = setup.files
        for name in ["etc/passwd", "out/secret.txt", "relative/secret.txt", "file"] {
            let path = try SandboxPath(parsing: "Documents/" + name)
            let read = try #require(throws: FileError.self) { try files.contents(of: path) }
            #expect(read.code == .outsideContainer, "\(name): \(read)")
            let error = #expect(throws: FileError.self) { try files.write("owned", to: path) }
            #expect(error?.code == .outsideContainer)
            let error2 = #expect(throws: FileError.self) { try files.open(path, mode: .updating) }
            #expect(error2?.code == .outsideContainer)
            let error3 = #expect(throws: FileError.self) { try files.attributes(of: path, followSymbolicLinks: true) }
            #expect(error3?.code == .outsideContainer)
        }
        for name in ["etc", "out", "relative"] {
            let error4 = #expect(throws: FileError.self) {
                try files.walk(try SandboxPath(parsing: "Documents/" + name))
            }
            #expect(error4?.code == .outsideContainer)
            let error5 = #expect(throws: FileError.self) {
                try files.write("x", to: try SandboxPath(parsing: "Documents/\(name)/new.txt"))
            }
            #expect(error5?.code == .outsideContainer)
            let error6 = #expect(throws: FileError.self) {
                try files.createDirectory(at: try SandboxPath(parsing: "Documents/\(name)/d"))
            }
            #expect(error6?.code == .outsideContainer)
            let error7 = #expect(throws: FileError.self) {
                try files.remove(try SandboxPath(parsing: "Documents/\(name)/secret.txt"))
            }
            #expect(error7?.code == .outsideContainer)
            let error8 = #expect(throws: FileError.self) {
                try files.copy(try SandboxPath(parsing: "Documents/\(name)/secret.txt"), to: .tmp)
            }
            #expect(error8?.code == .outsideContainer)
            let error9 = #expect(throws: FileError.self) {
                try files.move(
                    try SandboxPath(parsing: "Documents/\(name)/secret.txt"), to: try SandboxPath(parsing: "tmp/s"))
            }
            #expect(error9?.code == .outsideContainer)
        }
        #expect(try setup.outsideIsUntouched())
        #expect(!setup.test.exists("tmp/s") && !setup.test.exists("tmp/secret.txt"))
    }

    @Test func removingOrMovingALinkToOutsideAffectsOnlyTheLink() throws {
        let setup = try Setup()
        try setup.link("Documents/out", to: setup.outside)
        try setup.files.move(try SandboxPath(parsing: "Documents/out"), to: try SandboxPath(parsing: "tmp/out"))
        try setup.files.remove(try SandboxPath(parsing: "tmp/out"), recursive: true)
        #expect(try setup.outsideIsUntouched())
    }

    /// A hard link shares the inode with a file that may live outside the Home: it can be read and
    /// replaced (an atomic write makes a new file), but never written in place.
    @Test func aHardLinkToAnOutsideFileIsNeverWrittenInPlace() throws {
        let setup = try Setup()
        try FileManager.default.linkItem(
            atPath: setup.outside + "/secret.txt", toPath: setup.test.absolute("Documents/hard"))
        let path = try SandboxPath(parsing: "Documents/hard")
        let inPlace = try #require(throws: FileError.self) { try setup.files.open(path, mode: .updating) }
        #expect(inPlace.code == .permissionDenied)
        #expect(inPlace.reason.contains("hard link"))
        let error = #expect(throws: FileError.self) { try setup.files.patch(path, at: 0, with: Array("X".utf8)) }
        #expect(error?.code == .permissionDenied)
        try setup.files.write("replaced inside", to: path)
        #expect(setup.test.read("Documents/hard") == "replaced inside")
        try setup.files.remove(path)
        #expect(try setup.outsideIsUntouched())
    }

    /// While a thread swaps a directory for a link to outside and back as fast as it can, writes
    /// through that directory land inside or fail — never outside.
    @Test func aLinkSwappedInDuringWritesNeverLetsAWriteEscape() throws {
        let setup = try Setup()
        try setup.test.plant("Documents/dir/.keep", "")
        let swapper = LinkSwapper(setup.test.absolute("Documents/dir"), outside: setup.outside)
        var landed = 0
        var refused = 0
        let deadline = Date().addingTimeInterval(10)
        var index = 0
        while (landed < 20 || refused < 20) && Date() < deadline {
            let path = try SandboxPath(parsing: "Documents/dir/file\(index)")
            index += 1
            if (try? setup.files.write("x", to: path)) != nil {
                landed += 1
            } else {
                refused += 1
            }
        }
        swapper.stop()
        #expect(try setup.outsideIsUntouched())
        #expect(landed > 0, "some writes happened while the directory was in place")
        #expect(refused > 0, "some writes met the link, so the race was exercised")
    }

    /// Reads, walks, copies and recursive removals while `Documents/dir` keeps turning into a link
    /// to the outside directory and back: each one works on the real directory or fails, and
    /// never reads, lists, copies or deletes anything outside.
    @Test func aLinkSwappedInDuringReadsWalksCopiesAndRemovalsNeverLetsOneEscape() throws {
        let setup = try Setup()
        try setup.test.plant("Documents/dir/inside.txt", "inside")
        let swapper = LinkSwapper(setup.test.absolute("Documents/dir"), outside: setup.outside)
        defer { swapper.stop() }
        let files = setup.files
        let inside = try SandboxPath(parsing: "Documents/dir/inside.txt")
        let secret = try SandboxPath(parsing: "Documents/dir/secret.txt")
        let directory = try SandboxPath(parsing: "Documents/dir")
        var worked = 0
        var refused = 0
        let deadline = Date().addingTimeInterval(8)
        var round = 0
        while round < 300 && Date() < deadline {
            round += 1
            func attempt(_ body: () throws -> Void) {
                do {
                    try body()
                    worked += 1
                } catch {
                    refused += 1
                }
            }
            attempt {
                let contents = try files.contents(of: inside)
                #expect(contents == Data("inside".utf8))
            }
            attempt { _ = try files.contents(of: secret) }
            attempt {
                let names = Array(try files.walk(directory)).map(\.name)
                #expect(!names.contains("secret.txt"))
            }
            let copy = try SandboxPath(parsing: "tmp/copy\(round)")
            attempt {
                try files.copy(directory, to: copy)
                // The link itself may have been copied (a link is copied as a link); a directory
                // copied must be the real one.
                let copied = setup.test.absolute("tmp/copy\(round)")
                let type = try FileManager.default.attributesOfItem(atPath: copied)[.type] as? FileAttributeType
                if type == .typeDirectory {
                    #expect(!FileManager.default.fileExists(atPath: copied + "/secret.txt"), "copied from outside")
                } else {
                    #expect(type == .typeSymbolicLink)
                }
            }
            let victim = try SandboxPath(parsing: "Documents/dir/victim")
            try? files.createDirectory(at: victim)
            attempt { try files.remove(victim, recursive: true) }
            attempt { try files.remove(secret) }
        }
        swapper.stop()
        #expect(try setup.outsideIsUntouched())
        #expect(worked > 0, "some operations ran while the directory was in place")
        #expect(refused > 0, "some met the link, so the race was exercised")
    }

    @Test func theLayoutCannotBeRemovedOrReplaced() throws {
        let setup = try Setup()
        for path in [SandboxPath.documents, .tmp, .library, .home] {
            let error = try #require(throws: FileError.self) { try setup.files.remove(path, recursive: true) }
            #expect(error.code == .readOnly)
        }
        let move = try #require(throws: FileError.self) {
            try setup.files.move(.documents, to: try SandboxPath(parsing: "tmp/d"))
        }
        #expect(move.code == .readOnly)
    }
}

/// A thread that swaps a directory for a symbolic link to `outside` and back, as fast as it can,
/// until stopped: the race every operation through that directory must survive.
private final class LinkSwapper: Sendable {
    private let running = Atomic(true)
    private let finished = Atomic(false)

    init(_ directory: String, outside: String) {
        let parked = directory + ".parked"
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                _ = rename(directory, parked)
                _ = symlink(outside, directory)
                usleep(50)
                _ = unlink(directory)
                _ = rename(parked, directory)
                usleep(50)
            }
            finished.store(true, ordering: .releasing)
        }
        thread.start()
    }

    /// Stops swapping and waits until the directory is back in place (safe to call twice).
    func stop() {
        running.store(false, ordering: .relaxed)
        while !finished.load(ordering: .acquiring) { usleep(1000) }
    }
}
