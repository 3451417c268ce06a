import FolioArchive
import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct ArchiverFilesTests {
    let test: TestContainer
    let files: Files
    let path: SandboxPath

    init() throws {
        test = try TestContainer()
        files = Files(test.container)
        path = try SandboxPath(parsing: "Documents/person.archive")
    }

    @Test func archivesToAPrivateFileAndBack() throws {
        let person = Person(firstName: "Anthony", lastName: "Robbins")
        try Archiver().archive(person, to: path, in: files)
        #expect(try Archiver().unarchive(Person.self, from: path, in: files) == person)
        #expect(try files.attributes(of: path).posixPermissions == 0o600)
        #expect(try Archiver().header(at: path, in: files).typeName == "Person")
    }

    @Test func aFailedArchiveLeavesTheOldFileWhole() throws {
        try Archiver(format: .json).archive([1.5], to: path, in: files)
        let before = test.read("Documents/person.archive")
        let error = try #require(throws: ArchiveError.self) {
            try Archiver(format: .json).archive([Double.nan], to: path, in: files)
        }
        #expect(error.code == .unencodable)
        #expect(error.subject == "Documents/person.archive")
        #expect(test.read("Documents/person.archive") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.absolute("Documents")) == ["person.archive"])
    }

    @Test func anExclusiveArchiveRefusesAnExistingFile() throws {
        try Archiver().archive(Address(street: "a"), to: path, in: files)
        let error = try #require(throws: ArchiveError.self) {
            try Archiver().archive(Address(street: "b"), to: path, in: files, options: .exclusive)
        }
        #expect(error.code.rawValue == "alreadyExists")
        #expect(try Archiver().unarchive(Address.self, from: path, in: files).street == "a")
    }

    @Test func namesTheFileInErrors() throws {
        let missing = try #require(throws: ArchiveError.self) {
            try Archiver().unarchive(Person.self, from: path, in: files)
        }
        #expect(missing.code == .notFound)
        #expect(missing.fileError?.code == .notFound)
        try test.plant("Documents/person.archive", "not an archive")
        let corrupt = try #require(throws: ArchiveError.self) {
            try Archiver().unarchive(Person.self, from: path, in: files)
        }
        #expect(corrupt.code == .corrupt)
        #expect(corrupt.subject == "Documents/person.archive")
    }

    @Test func refusesAFileLargerThanTheLimit() throws {
        try Archiver().archive(Array(repeating: "x", count: 1000), to: path, in: files)
        let error = try #require(throws: ArchiveError.self) {
            try Archiver(sizeLimit: 100).unarchive([String].self, from: path, in: files)
        }
        #expect(error.code == .tooLarge)
    }
}
