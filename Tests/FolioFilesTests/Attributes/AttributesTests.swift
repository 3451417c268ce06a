import FolioFiles
import FolioSandbox
import FolioSystem
import FolioTestSupport
import Foundation
import Testing

@Suite struct AttributesTests {
    @Test func readsEveryAttributeOfTheSeedsExample() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/file.txt")
        try files.write("Hello! This is a line.", to: path)
        let attributes = try files.attributes(of: path)
        #expect(attributes.size == 22)
        #expect(attributes.type == .regular)
        #expect(attributes.posixPermissions == 0o600)
        #expect(attributes.referenceCount == 1)
        #expect(attributes.ownerAccountID == getuid())
        #expect(attributes.ownerAccountName != nil)
        #expect(attributes.groupOwnerAccountID == getgid())
        #expect(attributes.systemFileNumber > 0)
        #expect(attributes.systemNumber > 0)
        #expect(attributes.isExtensionHidden == false)
        #expect(attributes.isImmutable == false)
        #expect(abs(attributes.modificationDate.timeIntervalSinceNow) < 60)
        // ext4 and tmpfs record birth times; where recorded it is not later than the modification.
        if let created = attributes.creationDate {
            #expect(created <= attributes.modificationDate)
        }
    }

    @Test func creationDateIsTheBirthTimeNotTheStatusChangeTime() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/born.txt")
        try files.write("x", to: path)
        let before = try files.attributes(of: path)
        try #require(before.creationDate != nil, "this filesystem records birth times")
        Thread.sleep(forTimeInterval: 0.02)
        try files.setAttributes(AttributeChanges(posixPermissions: 0o640), of: path)  // changes ctime only
        let after = try files.attributes(of: path)
        #expect(after.creationDate == before.creationDate)
        #expect(after.statusChangeDate > before.statusChangeDate)
    }

    @Test func hidingTheExtensionIsRememberedInAnExtendedAttribute() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/file.txt")
        try files.write("Hello! This is a line.", to: path)
        try files.setAttributes(AttributeChanges(isExtensionHidden: true), of: path)
        #expect(try files.attributes(of: path).isExtensionHidden)
        let raw = try FileDescriptor.open(absolute: test.absolute("tmp/file.txt"), flags: [])
            .extendedAttribute("user.folio.extension-hidden")
        #expect(raw != nil)
        try files.setAttributes(AttributeChanges(isExtensionHidden: false), of: path)
        #expect(try !files.attributes(of: path).isExtensionHidden)
    }

    @Test func setsPermissionsAndDates() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/f")
        try files.write("x", to: path)
        let modified = Date(timeIntervalSince1970: 1_234_567_890.5)
        let accessed = Date(timeIntervalSince1970: 1_234_567_000)
        try files.setAttributes(
            AttributeChanges(posixPermissions: 0o604, modificationDate: modified, accessDate: accessed), of: path)
        let attributes = try files.attributes(of: path)
        #expect(attributes.posixPermissions == 0o604)
        #expect(attributes.modificationDate == modified)
        #expect(attributes.accessDate == accessed)
    }

    @Test(.enabled(if: getuid() == 0, "setting the immutable flag needs CAP_LINUX_IMMUTABLE"))
    func immutableFilesCannotBeChangedUntilMadeMutable() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/locked")
        try files.write("v1", to: path)
        try files.setAttributes(AttributeChanges(isImmutable: true), of: path)
        #expect(try files.attributes(of: path).isImmutable)
        let write = try #require(throws: FileError.self) { try files.write("v2", to: path) }
        #expect(write.code == .permissionDenied)
        let remove = try #require(throws: FileError.self) { try files.remove(path) }
        #expect(remove.code == .permissionDenied)
        #expect(test.read("tmp/locked") == "v1")
        // Clearing the flag and changing the mode in one call works: the flag goes first.
        try files.setAttributes(AttributeChanges(posixPermissions: 0o640, isImmutable: false), of: path)
        #expect(try files.attributes(of: path).posixPermissions == 0o640)
        try files.write("v2", to: path)
        #expect(test.read("tmp/locked") == "v2")
    }

    @Test func anUnsettableAttributeChangesNothing() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/f")
        try files.write("x", to: path)
        let created = try #require(throws: FileError.self) {
            try files.setAttributes(AttributeChanges(posixPermissions: 0o644, creationDate: Date()), of: path)
        }
        #expect(created.code == .notSupported)
        let owner = try #require(throws: FileError.self) {
            try files.setAttributes(
                AttributeChanges(posixPermissions: 0o644, ownerAccountName: "no-such-user-folio"), of: path)
        }
        #expect(owner.code == .invalidArgument)
        #expect(try files.attributes(of: path).posixPermissions == 0o600, "nothing changed")
    }

    @Test func describesASymbolicLinkOrItsTarget() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        try test.plant("tmp/target.txt", "12345")
        try FileManager.default.createSymbolicLink(atPath: test.absolute("tmp/link"), withDestinationPath: "target.txt")
        let link = try files.attributes(of: try SandboxPath(parsing: "tmp/link"))
        #expect(link.type == .symbolicLink)
        #expect(link.symbolicLinkTarget == "target.txt")
        let target = try files.attributes(of: try SandboxPath(parsing: "tmp/link"), followSymbolicLinks: true)
        #expect(target.type == .regular)
        #expect(target.size == 5)
    }

    @Test func attributesRoundTripThroughJSON() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "tmp/f")
        try files.write("x", to: path)
        let attributes = try files.attributes(of: path)
        let decoded = try JSONDecoder().decode(FileAttributes.self, from: JSONEncoder().encode(attributes))
        #expect(decoded == attributes)
    }
}

/// The one-`statx` attributes a listing uses: the same as the full ones, without flags and links.
@Suite struct BasicAttributesTests {
    @Test func areTheFullAttributesWithoutTheExtraCalls() throws {
        let test = try TestContainer()
        try test.plant("Documents/a.txt", "twelve bytes")
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/a.txt")
        let full = try files.attributes(of: path)
        let basic = try files.basicAttributes(of: path)
        #expect(basic.size == 12 && basic.size == full.size)
        #expect(basic.modificationDate == full.modificationDate && basic.version == full.version)
        #expect(basic.posixPermissions == full.posixPermissions && basic.type == .regular)
    }

    @Test func describeALinkItselfAndTheBundleReadOnly() throws {
        let test = try TestContainer()
        try test.plant("Documents/a.txt", "x")
        try FileManager.default.createSymbolicLink(
            atPath: test.container.root + "/Documents/link.txt", withDestinationPath: "a.txt")
        let files = Files(test.container)
        #expect(try files.basicAttributes(of: SandboxPath(parsing: "Documents/link.txt")).type == .symbolicLink)
        let bundle = try files.basicAttributes(of: SandboxPath(parsing: "Folio.app/file.txt"))
        #expect(bundle.posixPermissions & 0o222 == 0)
        let error = try #require(throws: FileError.self) {
            try files.basicAttributes(of: SandboxPath(parsing: "Documents/none.txt"))
        }
        #expect(error.code == .notFound)
    }
}
