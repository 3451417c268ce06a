import FolioResources
import FolioSandbox
import FolioSystem
import FolioTestSupport
import Foundation
import Testing

@Suite struct ContainerTests {
    @Test func createsTheLayoutPrivatelyOnFirstUse() throws {
        let directory = TemporaryDirectory()
        let root = directory.appending("deep/er/home")
        let container = try Container(root: root, bundle: FolioResources.bundleDirectory)
        #expect(container.root == root)
        for relative in Container.layout {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + relative)
            #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
            #expect((attributes[.posixPermissions] as? Int) == 0o700, "\(relative)")
        }
    }

    @Test func reopeningKeepsWhatIsThere() throws {
        let test = try TestContainer()
        try test.plant("Documents/keep.txt", "kept")
        _ = try Container(root: test.container.root, bundle: FolioResources.bundleDirectory)
        #expect(test.read("Documents/keep.txt") == "kept")
    }

    @Test func aFileWhereTheHomeShouldBeIsAClearError() throws {
        let directory = TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.appending("home")))
        let error = try #require(throws: FileError.self) {
            try Container(root: directory.appending("home"), bundle: FolioResources.bundleDirectory)
        }
        #expect(error.code == .notDirectory)
        #expect(error.operation == "open container")
    }

    @Test func theBundleIsReadOnly() throws {
        let test = try TestContainer()
        let path = try SandboxPath(parsing: "Folio.app/file.txt")
        let file = try test.container.open(path, flags: [], operation: "read")
        #expect(try file.readToEnd().count > 0)
        let error = try #require(throws: FileError.self) {
            try test.container.open(path, flags: [.writeOnly], operation: "write")
        }
        #expect(error.code == .readOnly)
        let error2 = #expect(throws: FileError.self) { try test.container.entry(path, operation: "remove") }
        #expect(error2?.code == .readOnly)
    }

    @Test func theLayoutDirectoriesThemselvesCannotBeReplaced() throws {
        let test = try TestContainer()
        let error = try #require(throws: FileError.self) {
            try test.container.entry(.documents, operation: "remove")
        }
        #expect(error.code == .readOnly)
    }

    @Test(arguments: [Container.Resolution.kernel, .componentWise])
    func symbolicLinksInsideTheHomeAreFollowed(_ resolution: Container.Resolution) throws {
        let test = try TestContainer()
        let container = try Container(
            root: test.container.root, bundle: FolioResources.bundleDirectory, resolution: resolution)
        try test.plant("Library/real/inner.txt", "inside")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/link"), withDestinationPath: "../Library/real")
        let file = try container.open(
            try SandboxPath(parsing: "Documents/link/inner.txt"), flags: [], operation: "read")
        #expect(String(decoding: try file.readToEnd(), as: UTF8.self) == "inside")
    }

    @Test(arguments: [Container.Resolution.kernel, .componentWise])
    func aPathThatRefusesSymbolicLinksFollowsNoneEvenInsideTheHome(_ resolution: Container.Resolution) throws {
        let test = try TestContainer()
        let container = try Container(
            root: test.container.root, bundle: FolioResources.bundleDirectory, resolution: resolution)
        try test.plant("Library/real/inner.txt", "inside")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/link"), withDestinationPath: "../Library/real")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/final.txt"), withDestinationPath: "../Library/real/inner.txt")
        let strict = SandboxPath.documents.refusingSymbolicLinks()
        // A link on the way, for a read and for a write (through the parent, as creates do).
        for path in [try strict.appending(components: ["link", "inner.txt"]), try strict.appending("final.txt")] {
            let error = try #require(throws: FileError.self) {
                try container.open(path, flags: [], operation: "read")
            }
            #expect(error.code == .outsideContainer, "\(path): \(error)")
        }
        let planted = try strict.appending(components: ["link", "planted.txt"])
        #expect(throws: FileError.self) {
            try container.open(planted, flags: [.writeOnly, .create, .exclusive], operation: "write")
        }
        #expect(throws: FileError.self) {
            try container.entry(planted, operation: "make folder")
        }
        #expect(!FileManager.default.fileExists(atPath: test.absolute("Library/real/planted.txt")))
        // The rule is kept by the parent and by appended paths; it does not change what is named.
        #expect(planted.parent?.refusesSymbolicLinks == true)
        #expect(planted == (try SandboxPath(parsing: "Documents/link/planted.txt")))
        // A real folder is opened as usual, and so is a link's own entry without following it.
        try test.plant("Documents/real/a.txt", "a")
        let file = try container.open(
            try strict.appending(components: ["real", "a.txt"]), flags: [], operation: "read")
        #expect(String(decoding: try file.readToEnd(), as: UTF8.self) == "a")
        let link = try container.open(
            try strict.appending("link"), flags: [.pathOnly], followSymbolicLinks: false, operation: "inspect")
        #expect(try link.status().kind == .symbolicLink)
    }

    @Test(arguments: [Container.Resolution.kernel, .componentWise])
    func symbolicLinksLeadingOutsideAreRefused(_ resolution: Container.Resolution) throws {
        let test = try TestContainer()
        let container = try Container(
            root: test.container.root, bundle: FolioResources.bundleDirectory, resolution: resolution)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: test.directory.appending("outside.txt")))
        try FileManager.default.createSymbolicLink(atPath: test.absolute("Documents/etc"), withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/up"), withDestinationPath: "../../outside.txt")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/upDir"), withDestinationPath: "../..")
        for text in ["Documents/etc/passwd", "Documents/up", "Documents/upDir/outside.txt"] {
            let error = try #require(throws: FileError.self) {
                try container.open(try SandboxPath(parsing: text), flags: [], operation: "read")
            }
            #expect(error.code == .outsideContainer, "\(text): \(error)")
        }
        // Writing through the link is refused too, and nothing appears outside.
        let error2 = #expect(throws: FileError.self) {
            try container.open(
                try SandboxPath(parsing: "Documents/upDir/planted.txt"), flags: [.writeOnly, .create],
                operation: "write")
        }
        #expect(error2?.code == .outsideContainer)
        #expect(!FileManager.default.fileExists(atPath: test.directory.appending("planted.txt")))
    }

    @Test func aLayoutDirectoryReplacedByALinkOutsideIsRefused() throws {
        let test = try TestContainer()
        let outside = test.directory.appending("elsewhere")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: test.absolute("tmp"))
        try FileManager.default.createSymbolicLink(atPath: test.absolute("tmp"), withDestinationPath: outside)
        let error = try #require(throws: FileError.self) {
            try test.container.open(
                try SandboxPath(parsing: "tmp/x"), flags: [.writeOnly, .create], operation: "write")
        }
        #expect(error.code == .outsideContainer)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    @Test func makeDirectoriesCreatesIntermediatesPrivately() throws {
        let test = try TestContainer()
        let created = try test.container.makeDirectories(try SandboxPath(parsing: "tmp/a/b/c"), operation: "mkdir")
        #expect(created)
        let again = try test.container.makeDirectories(try SandboxPath(parsing: "tmp/a/b/c"), operation: "mkdir")
        #expect(!again)
        let attributes = try FileManager.default.attributesOfItem(atPath: test.absolute("tmp/a/b"))
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        try test.plant("tmp/file", "x")
        let error = try #require(throws: FileError.self) {
            try test.container.makeDirectories(try SandboxPath(parsing: "tmp/file/sub"), operation: "mkdir")
        }
        #expect(error.code == .notDirectory)
    }
}
