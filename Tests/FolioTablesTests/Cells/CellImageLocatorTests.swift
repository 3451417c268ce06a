import FolioFiles
import FolioSandbox
import FolioTables
import FolioTestSupport
import Foundation
import Testing

/// The pictures a table's image column names: beside the table file, by container path or in the
/// bundle's samples; never outside the container, never a file that is not a picture.
@Suite struct CellImageLocatorTests {
    private let bundle = TemporaryDirectory()

    private func home() throws -> TestContainer {
        try FileManager.default.createDirectory(
            atPath: bundle.appending("Samples"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: bundle.appending("Samples/0-0.png"), contents: Data([0x89]))
        _ = FileManager.default.createFile(atPath: bundle.appending("Samples/shared.png"), contents: Data([0x89]))
        return try TestContainer(bundle: bundle.path)
    }

    private func locator(_ home: TestContainer, table: String = "Documents/people/simpsons.csv") throws
        -> CellImageLocator
    {
        CellImageLocator(files: Files(home.container), table: try SandboxPath(parsing: table))
    }

    private func found(_ name: String, _ locator: CellImageLocator) -> String? {
        locator.path(of: CellImage(named: name))?.description
    }

    @Test func aPictureBesideTheTableIsFoundBeforeTheBundles() throws {
        let home = try home()
        try home.plant("Documents/people/shared.png", "x")
        try home.plant("Documents/people/faces/homer.JPG", "x")
        let locator = try locator(home)
        #expect(found("shared.png", locator) == "Documents/people/shared.png")
        #expect(found("faces/homer.JPG", locator) == "Documents/people/faces/homer.JPG")
        #expect(found("0-0.png", locator) == "Folio.app/Samples/0-0.png")
    }

    @Test func aContainerPathIsTakenAsItIs() throws {
        let home = try home()
        try home.plant("tmp/pictures/bart.webp", "x")
        let locator = try locator(home)
        #expect(found("tmp/pictures/bart.webp", locator) == "tmp/pictures/bart.webp")
        #expect(found("Folio.app/Samples/0-0.png", locator) == "Folio.app/Samples/0-0.png")
    }

    @Test(arguments: [
        "../../outside.png", "/etc/passwd.png", "missing.png", "notes.txt", "people", "a//b.png", "",
        "Documents/../x.png", "trailing.png/",
    ])
    func whatIsNoPictureKeepsTheSymbol(_ name: String) throws {
        let home = try home()
        try home.plant("Documents/notes.txt", "x")
        try home.plant("Documents/people/people", "x")
        _ = FileManager.default.createFile(atPath: home.directory.appending("outside.png"), contents: Data([1]))
        #expect(found(name, try locator(home)) == nil)
    }

    @Test func aLinkOutOfTheContainerIsNoPicture() throws {
        let home = try home()
        try home.plant("Documents/people/simpsons.csv", "name,image\n")
        _ = FileManager.default.createFile(atPath: home.directory.appending("secret.png"), contents: Data([1]))
        try FileManager.default.createSymbolicLink(
            atPath: home.absolute("Documents/people/escape.png"),
            withDestinationPath: home.directory.appending("secret.png"))
        #expect(found("escape.png", try locator(home)) == nil)
    }

    @Test func aDirectoryNamedLikeAPictureIsNotOne() throws {
        let home = try home()
        try FileManager.default.createDirectory(
            atPath: home.absolute("Documents/people/album.png"), withIntermediateDirectories: true)
        #expect(found("album.png", try locator(home)) == nil)
    }
}
