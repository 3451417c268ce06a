import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct FileVersionTests {
    @Test func changesWhenTheFileIsReplacedOrWritten() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/a.txt")
        try files.write("one", to: path)
        let first = try files.version(of: path)
        #expect(try files.version(of: path) == first)
        try files.write("two", to: path)
        let replaced = try files.version(of: path)
        #expect(replaced != first)
        // Same size, written in place.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: test.absolute("Documents/a.txt")))
        try handle.write(contentsOf: Data("TWO".utf8))
        try handle.close()
        #expect(try files.version(of: path) != replaced)
    }

    @Test func staysTheSameWhenRenamedOrMadeReadable() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/a.txt")
        try files.write("one", to: path)
        let version = try files.version(of: path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: test.absolute("Documents/a.txt"))
        let renamed = try SandboxPath(parsing: "Documents/b.txt")
        try files.move(path, to: renamed)
        #expect(try files.version(of: renamed) == version)
    }

    @Test func readsBackFromItsDescriptionAndJSON() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/a")
        try files.write("x", to: path)
        let version = try files.version(of: path)
        #expect(FileVersion(version.description) == version)
        let json = try JSONEncoder().encode([version])
        #expect(try JSONDecoder().decode([FileVersion].self, from: json) == [version])
        for text in ["", "1-2-3", "x-1-2-3.4", "1-2-3-4", "1-2-3-4.3b9aca00"] {
            #expect(FileVersion(text) == nil, "\(text)")
        }
    }

    @Test func anOpenFileKnowsTheVersionItReads() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/a.txt")
        try files.write("one", to: path)
        let file = try files.open(path, mode: .reading)
        let version = try file.version()
        try files.write("changed", to: path)
        #expect(try file.version() == version)
        #expect(try files.version(of: path) != version)
    }
}
