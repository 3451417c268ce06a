import FolioResources
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct ProvisioningTests {
    @Test func copiesAMissingResourceFromTheBundle() throws {
        let test = try TestContainer()
        let item = ProvisioningItem(
            resource: "file.txt", destination: try SandboxPath(parsing: "Library/Database/f.txt"))
        #expect(try test.container.provision([item]) == [.copied])
        let original = try String(contentsOfFile: FolioResources.bundleDirectory + "/file.txt", encoding: .utf8)
        #expect(test.read("Library/Database/f.txt") == original)
        let attributes = try FileManager.default.attributesOfItem(atPath: test.absolute("Library/Database/f.txt"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func neverOverwritesTheUsersCopy() throws {
        let test = try TestContainer()
        try test.plant("Library/Database/f.txt", "the user's own data")
        let item = ProvisioningItem(
            resource: "file.txt", destination: try SandboxPath(parsing: "Library/Database/f.txt"))
        #expect(try test.container.provision([item]) == [.alreadyPresent])
        #expect(test.read("Library/Database/f.txt") == "the user's own data")
    }

    @Test func createsMissingParentDirectories() throws {
        let test = try TestContainer()
        let item = ProvisioningItem(
            resource: "file.txt", destination: try SandboxPath(parsing: "Documents/Samples/f.txt"))
        #expect(try test.container.provision([item]) == [.copied])
        #expect(test.exists("Documents/Samples/f.txt"))
    }

    @Test func aMissingResourceIsAClearError() throws {
        let test = try TestContainer()
        let item = ProvisioningItem(resource: "nope.db", destination: try SandboxPath(parsing: "Library/Database/n.db"))
        let error = try #require(throws: FileError.self) { try test.container.provision([item]) }
        #expect(error.code == .notFound)
        #expect(error.subject == "Folio.app/nope.db")
        #expect(!test.exists("Library/Database/n.db"))
    }

    @Test func theBundleManifestDeclaresWhatToProvision() throws {
        let test = try TestContainer()
        let declared = try test.container.declaredProvisioning()
        let outcomes = try test.container.provisionDeclaredResources()
        #expect(outcomes.count == declared.count)
        for item in declared {
            #expect(test.exists(item.destination.description), "\(item.destination)")
        }
        #expect(try test.container.provisionDeclaredResources().allSatisfy { $0 == .alreadyPresent })
    }
}
