import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct ReplaceTests {
    let test: TestContainer
    let files: Files
    let path: SandboxPath

    init() throws {
        test = try TestContainer()
        files = Files(test.container)
        path = try SandboxPath(parsing: "Documents/note.txt")
        try files.write("original", to: path)
    }

    /// Names in Documents/, hidden ones included, to prove no temporary file is left behind.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: test.absolute("Documents")).sorted()
    }

    static func writeMine(_ file: OpenFile) throws {
        try file.write(Data("mine".utf8))
    }

    @Test func replacesWhenTheFileIsUnchanged() throws {
        let version = try files.version(of: path)
        let next = try files.replace(path, ifUnchangedSince: version, with: Data("edited".utf8))
        #expect(test.read("Documents/note.txt") == "edited")
        #expect(try files.version(of: path) == next)
        #expect(next != version)
        #expect(try entries() == ["note.txt"])
    }

    @Test func keepsThePermissionsOfTheFileItReplaces() throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o640], ofItemAtPath: test.absolute("Documents/note.txt"))
        try files.replace(path, ifUnchangedSince: try files.version(of: path), with: Data("x".utf8))
        #expect(try files.attributes(of: path).posixPermissions == 0o640)
    }

    @Test func refusesWhenAnotherProgramWroteTheFile() throws {
        let version = try files.version(of: path)
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: test.absolute("Documents/note.txt")))
        let error = try #require(throws: FileError.self) {
            try files.replace(path, ifUnchangedSince: version, with: Data("mine".utf8))
        }
        #expect(error.code == .conflict)
        #expect(error.reason.contains("changed since version"))
        #expect(test.read("Documents/note.txt") == "theirs")
        #expect(try entries() == ["note.txt"])
    }

    @Test func refusesWhenTheFileWasRemoved() throws {
        let version = try files.version(of: path)
        try FileManager.default.removeItem(atPath: test.absolute("Documents/note.txt"))
        let error = try #require(throws: FileError.self) {
            try files.replace(path, ifUnchangedSince: version, with: Data("mine".utf8))
        }
        #expect(error.code == .conflict)
        #expect(error.reason.contains("removed"))
        #expect(try entries() == [])
    }

    /// The trap: a writer that checks, then renames, overwrites a change made in between. Here the
    /// change lands after the check and before the swap, and is still detected.
    @Test func detectsAChangeMadeBetweenTheCheckAndTheRename() throws {
        let version = try files.version(of: path)
        let other = try SandboxPath(parsing: "Documents/note.txt")
        let error = try #require(throws: FileError.self) {
            try files.replace(
                path, ifUnchangedSince: version,
                hooks: ReplaceHooks(beforeExchange: {
                    // Another program saves atomically in the window.
                    try Files(test.container).write("theirs", to: other)
                }), Self.writeMine)
        }
        #expect(error.code == .conflict)
        #expect(test.read("Documents/note.txt") == "theirs")
        #expect(try entries() == ["note.txt"])
    }

    @Test func detectsAnInPlaceWriteMadeBetweenTheCheckAndTheRename() throws {
        let version = try files.version(of: path)
        let absolute = test.absolute("Documents/note.txt")
        let error = try #require(throws: FileError.self) {
            try files.replace(
                path, ifUnchangedSince: version,
                hooks: ReplaceHooks(beforeExchange: {
                    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: absolute))
                    try handle.write(contentsOf: Data("ORIGINAL".utf8))
                    try handle.close()
                }), Self.writeMine)
        }
        #expect(error.code == .conflict)
        #expect(test.read("Documents/note.txt") == "ORIGINAL")
    }

    /// Two other programs: one saves before the swap (a conflict), the other replaces the file in
    /// the instant between the swap and the swap back. Neither of their files is lost.
    @Test func keepsAFileThatAppearedDuringTheSwapBack() throws {
        let version = try files.version(of: path)
        let other = Files(test.container)
        let error = try #require(throws: FileError.self) {
            try files.replace(
                path, ifUnchangedSince: version,
                hooks: ReplaceHooks(
                    beforeExchange: { try other.write("theirs", to: path) },
                    afterExchange: { try other.write("third", to: path) }), Self.writeMine)
        }
        #expect(error.code == .conflict)
        #expect(error.reason.contains("note (conflict).txt"))
        #expect(test.read("Documents/note.txt") == "theirs")
        #expect(test.read("Documents/note (conflict).txt") == "third")
        #expect(try entries() == ["note (conflict).txt", "note.txt"])
    }

    @Test func ofConcurrentSavesBasedOnOneVersionExactlyOneWins() async throws {
        let version = try files.version(of: path)
        let files = self.files
        let path = self.path
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    do {
                        try files.replace(path, ifUnchangedSince: version, with: Data("writer \(writer)".utf8))
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(test.read("Documents/note.txt")?.hasPrefix("writer ") == true)
        #expect(try entries() == ["note.txt"])
    }

    @Test func aFailingProducerChangesNothing() throws {
        struct Stop: Error {}
        let version = try files.version(of: path)
        #expect(throws: Stop.self) {
            try files.replace(path, ifUnchangedSince: version) { _ in throw Stop() }
        }
        #expect(test.read("Documents/note.txt") == "original")
        #expect(try files.version(of: path) == version)
        #expect(try entries() == ["note.txt"])
    }
}
