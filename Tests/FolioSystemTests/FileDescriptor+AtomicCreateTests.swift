import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioSystem

@Suite struct FileDescriptorAtomicCreateTests {
    private struct Failed: Error {}

    /// A directory with a writer journal beside it.
    private final class Place {
        let temporary = TemporaryDirectory()
        let directory: FileDescriptor
        let names: TemporaryNames

        init() throws {
            let root = try FileDescriptor.open(absolute: temporary.path, flags: .directory)
            try root.makeDirectory("journal")
            try root.makeDirectory("files")
            directory = try root.open("files", flags: .directory)
            names = TemporaryNames(
                journal: try WriterJournal(in: try root.open("journal", flags: .directory)), directory: "files")
        }

        var entries: [String] {
            let reader = DirectoryReader(directory)
            var names: [String] = []
            while let entry = reader.next() { names.append(entry.name) }
            return names.sorted()
        }

        func contents(_ name: String) throws -> String {
            String(decoding: try directory.open(name, flags: .readOnly).readToEnd(), as: UTF8.self)
        }
    }

    @Test func aNewFileAppearsWithItsContentsAndMode() throws {
        let place = try Place()
        try place.directory.createFileAtomically(named: "new.txt", names: place.names, mode: 0o640, existing: .fail) {
            try $0.writeAll(Array("contents".utf8))
        }
        #expect(place.entries == ["new.txt"])
        #expect(try place.contents("new.txt") == "contents")
        #expect(try place.directory.status(of: "new.txt").permissions == 0o640)
    }

    @Test func anExistingFileIsKeptWhenReplacingIsNotAllowed() throws {
        let place = try Place()
        try place.directory.createFileAtomically(named: "a", names: place.names, existing: .fail) {
            try $0.writeAll(Array("old".utf8))
        }
        let error = #expect(throws: SystemError.self) {
            try place.directory.createFileAtomically(named: "a", names: place.names, existing: .fail) {
                try $0.writeAll(Array("new".utf8))
            }
        }
        #expect(error?.errno == .fileExists)
        #expect(try place.contents("a") == "old")
        #expect(place.entries == ["a"])
    }

    @Test func aFillThatFailsLeavesNothingAndTheOldFileWhole() throws {
        let place = try Place()
        try place.directory.createFileAtomically(named: "a", names: place.names, existing: .replace) {
            try $0.writeAll(Array("old".utf8))
        }
        #expect(throws: Failed.self) {
            try place.directory.createFileAtomically(named: "a", names: place.names, existing: .replace) {
                try $0.writeAll(Array("half".utf8))
                throw Failed()
            }
        }
        #expect(try place.contents("a") == "old")
        #expect(place.entries == ["a"])
    }

    @Test func theFirstFreeNameIsTaken() throws {
        let place = try Place()
        for expected in ["Untitled", "Untitled 2", "Untitled 3"] {
            let name = try place.directory.createFileAtomically(
                firstFreeOf: ["Untitled", "Untitled 2", "Untitled 3"], names: place.names
            ) { try $0.writeAll(Array(expected.utf8)) }
            #expect(name == expected)
            #expect(try place.contents(expected) == expected)
        }
        let error = #expect(throws: SystemError.self) {
            try place.directory.createFileAtomically(firstFreeOf: ["Untitled"], names: place.names) { _ in }
        }
        #expect(error?.errno == .fileExists)
        #expect(place.entries == ["Untitled", "Untitled 2", "Untitled 3"])
    }
}
