import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct ResourcesTests {
    @Test func findsAResourceByNameAndType() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        #expect(try files.pathForResource("file", ofType: "txt")?.description == "Folio.app/file.txt")
        #expect(try files.pathForResource("file", ofType: "png") == nil)
        #expect(try files.pathForResource("nothing", ofType: "txt") == nil)
    }

    @Test(arguments: [nil, ""] as [String?])
    func withoutATypeTheFirstFileWithThatNameMatches(_ type: String?) throws {
        let test = try TestContainer()
        let files = Files(test.container)
        #expect(try files.pathForResource("file", ofType: type)?.description == "Folio.app/file.txt")
    }

    @Test func anInvalidNameIsRefused() throws {
        let test = try TestContainer()
        let error = try #require(throws: FileError.self) {
            try Files(test.container).pathForResource("../etc/passwd", ofType: nil)
        }
        #expect(error.code == .invalidName)
    }
}

@Suite struct ResourceMatchingTests {
    @Test func withoutATypeAnExactNameWinsThenTheFirstStemInNameOrder() throws {
        let bundle = TemporaryDirectory(prefix: "folio-bundle")
        for name in ["data.json", "data.csv", "notes", "notes.txt", "Samples/data.xml"] {
            let path = bundle.appending(name)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(name.utf8).write(to: URL(fileURLWithPath: path))
        }
        let test = try TestContainer(bundle: bundle.path)
        let files = Files(test.container)
        #expect(try files.pathForResource("data", ofType: nil)?.description == "Folio.app/data.csv")
        #expect(try files.pathForResource("data", ofType: "json")?.description == "Folio.app/data.json")
        #expect(try files.pathForResource("notes", ofType: "")?.description == "Folio.app/notes")
        #expect(
            try files.pathForResource("data", ofType: nil, inDirectory: "Samples")?.description
                == "Folio.app/Samples/data.xml")
        #expect(try files.pathForResource("data", ofType: nil, inDirectory: "Missing") == nil)
    }
}
