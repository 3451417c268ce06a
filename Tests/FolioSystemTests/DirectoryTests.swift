import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioSystem

/// DirectoryReader, SortedDirectory and TreeRemover on real directories.
@Suite struct DirectoryTests {
    @Test func theReaderListsEveryEntryWithItsKindAndNotTheDots() throws {
        let directory = TemporaryDirectory()
        let root = try FileDescriptor.open(absolute: directory.path, flags: .directory)
        try root.makeDirectory("folder")
        try root.makeSymbolicLink("link", to: "folder")
        _ = try root.open("file", flags: [.writeOnly, .create])
        let reader = DirectoryReader(root)
        var kinds: [String: FileKind] = [:]
        while let entry = reader.next() {
            kinds[entry.name] = entry.kind
        }
        #expect(reader.error == nil)
        #expect(kinds == ["folder": .directory, "link": .symbolicLink, "file": .regular])
    }

    @Test func aSortedDirectoryReturnsNamesInByteOrder() throws {
        let directory = TemporaryDirectory()
        let root = try FileDescriptor.open(absolute: directory.path, flags: .directory)
        let names = ["b", "B", "a", "ab", "é", "Z", "a b", "10", "9"]
        for name in names {
            _ = try root.open(name, flags: [.writeOnly, .create])
        }
        let sorted = SortedDirectory(DirectoryReader(root), directory: root)
        var listed: [String] = []
        while let entry = sorted.next() {
            listed.append(entry.name)
            #expect(try sorted.statusOfLastEntry(full: false).kind == .regular)
        }
        #expect(sorted.error == nil)
        #expect(listed == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func theRemoverTakesADeepTreeApartWithoutFollowingLinks() throws {
        let directory = TemporaryDirectory()
        let root = try FileDescriptor.open(absolute: directory.path, flags: .directory)
        try root.makeDirectory("kept")
        _ = try root.open("kept/file", flags: [.writeOnly, .create])
        try root.makeDirectory("tree")
        var path = "tree"
        for level in 0..<300 {
            path += "/\(level)"
            try root.makeDirectory(path)
            _ = try root.open(path + "/file", flags: [.writeOnly, .create])
        }
        try root.makeSymbolicLink("tree/outside", to: "../kept")
        var remover = TreeRemover(progress: nil)
        try remover.removeTree(named: "tree", in: root)
        #expect(remover.removed == 602)
        #expect(throws: SystemError.self) { try root.status(of: "tree") }
        #expect(try root.status(of: "kept/file").kind == .regular)
        // A missing tree is nothing to do.
        try remover.removeTree(named: "tree", in: root)
    }
}
