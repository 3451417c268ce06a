import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

/// "Keep Both": a write or copy to a taken name takes the first free numbered name, atomically.
@Suite struct KeepBothTests {
    @Test func aWriteThatKeepsBothTakesTheNextFreeNameAndReplacesNothing() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/report.txt", "old")
        try test.plant("Documents/report 2.txt", "older")
        let path = try SandboxPath(parsing: "Documents/report.txt")
        let written = try files.write("new", to: path, options: .keepingBoth)
        #expect(written.description == "Documents/report 3.txt")
        #expect(test.read("Documents/report.txt") == "old")
        #expect(test.read("Documents/report 2.txt") == "older")
        #expect(test.read("Documents/report 3.txt") == "new")
        let free = try files.write("free", to: try SandboxPath(parsing: "Documents/free.txt"), options: .keepingBoth)
        #expect(free.description == "Documents/free.txt")
    }

    @Test func aNameTakenWhileTheFileIsWrittenIsSkippedNotReplaced() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let writer = try files.makeWriter(
            to: try SandboxPath(parsing: "tmp/upload.bin"), options: .keepingBoth)
        try writer.write(Array("mine".utf8))
        // Another program takes the name between the start of the upload and its end.
        try test.plant("tmp/upload.bin", "theirs")
        let written = try writer.commit()
        #expect(written.description == "tmp/upload 2.bin")
        #expect(writer.path == written)
        #expect(test.read("tmp/upload.bin") == "theirs")
        #expect(test.read("tmp/upload 2.bin") == "mine")
    }

    @Test func concurrentWritersThatKeepBothGetOneNameEach() async throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/same.txt")
        let count = 24
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<count {
                group.addTask { try files.write("\(index)", to: path, options: .keepingBoth).description }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(names).count == count)
        let expected = Set((1...count).map { FileName.numbered("same.txt", $0) })
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: test.absolute("tmp"))) == expected)
        let contents = Set(names.compactMap { test.read($0) })
        #expect(contents == Set((0..<count).map(String.init)))
    }

    @Test func keepingBothNeedsAnAtomicWrite() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let error = try #require(throws: FileError.self) {
            try files.write(
                "x", to: try SandboxPath(parsing: "tmp/x"), options: WriteOptions(isAtomic: false, keepsBoth: true))
        }
        #expect(error.code == .invalidArgument)
        #expect(!test.exists("tmp/x"))
    }

    @Test func aCopyThatKeepsBothDuplicatesFilesLinksAndTrees() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("Documents/report.txt", "report")
        try test.plant("Documents/Folder/inner.txt", "inner")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/link"), withDestinationPath: "report.txt")
        let report = try SandboxPath(parsing: "Documents/report.txt")
        let first = try files.copy(report, toFreeNameAt: report)
        #expect(first.path.description == "Documents/report 2.txt")
        #expect(first.copied.bytes == 6)
        #expect(try files.copy(report, toFreeNameAt: report).path.description == "Documents/report 3.txt")
        #expect(test.read("Documents/report 3.txt") == "report")
        let folder = try SandboxPath(parsing: "Documents/Folder")
        let tree = try files.copy(folder, toFreeNameAt: folder, options: CopyOptions(isRecursive: true))
        #expect(tree.path.description == "Documents/Folder 2")
        #expect(test.read("Documents/Folder 2/inner.txt") == "inner")
        let link = try SandboxPath(parsing: "Documents/link")
        #expect(try files.copy(link, toFreeNameAt: link).path.description == "Documents/link 2")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: test.absolute("Documents/link 2")) == "report.txt"
        )
        // Nothing hidden is left behind by the staging of the copies.
        let names = try FileManager.default.contentsOfDirectory(atPath: test.absolute("Documents"))
        #expect(names.allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func concurrentCopiesThatKeepBothGetOneNameEach() async throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/Tree/a.txt", "a")
        let tree = try SandboxPath(parsing: "tmp/Tree")
        let count = 12
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try files.copy(tree, toFreeNameAt: tree, options: CopyOptions(isRecursive: true)).path.description
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(names).count == count)
        #expect(names.allSatisfy { test.read("\($0)/a.txt") == "a" })
        #expect(test.read("tmp/Tree/a.txt") == "a")
    }
}
