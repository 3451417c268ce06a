import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

/// A walk of the Home shows the bundle as its `Folio.app` directory, read-only, in its place.
@Suite struct HomeWalkTests {
    /// A container whose bundle holds Samples/a.txt and Samples/Deep/b.txt (0644 and 0755 on disk).
    private func makeContainer() throws -> (TestContainer, Files) {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bundle-\(UUID())").path
        try FileManager.default.createDirectory(atPath: bundle + "/Samples/Deep", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: bundle + "/Samples/a.txt", contents: Data("a".utf8))
        _ = FileManager.default.createFile(atPath: bundle + "/Samples/Deep/b.txt", contents: Data("bb".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: bundle + "/Samples/a.txt")
        let test = try TestContainer(bundle: bundle)
        try test.plant("Documents/n.txt", "n")
        return (test, Files(test.container))
    }

    @Test func theHomesEntriesHoldTheBundleInNameOrderWithoutWritePermission() throws {
        let (test, files) = try makeContainer()
        defer { withExtendedLifetime(test) {} }
        let entries = try files.contentsOfDirectory(.home)
        #expect(entries.map(\.name) == ["Documents", "Folio.app", "Library", "tmp"])
        let bundle = try #require(entries.first { $0.name == "Folio.app" })
        #expect(bundle.type == .directory)
        #expect(bundle.posixPermissions == 0o555)
        #expect(try files.attributes(of: .bundle, followSymbolicLinks: true).posixPermissions == 0o555)
        #expect(try files.attributes(of: SandboxPath(parsing: "Folio.app/Samples/a.txt")).posixPermissions == 0o444)
    }

    @Test func aRecursiveWalkGoesIntoTheBundleUnderItsName() throws {
        let (test, files) = try makeContainer()
        defer { withExtendedLifetime(test) {} }
        let walker = try files.walk(.home, options: WalkOptions(detail: .basic, order: .name))
        let entries = Array(walker)
        let paths = entries.map(\.path)
        let bundleAt = try #require(paths.firstIndex(of: "Folio.app"))
        #expect(
            Array(paths[bundleAt...].prefix(5))
                == [
                    "Folio.app", "Folio.app/Samples", "Folio.app/Samples/Deep", "Folio.app/Samples/Deep/b.txt",
                    "Folio.app/Samples/a.txt",
                ])
        #expect(paths[bundleAt + 5].hasPrefix("Library"))
        #expect(paths.contains("Documents/n.txt"))
        #expect(paths.firstIndex(of: "Documents/n.txt").map { $0 < bundleAt } == true)
        let deep = try #require(entries.first { $0.path == "Folio.app/Samples/Deep/b.txt" })
        #expect(deep.depth == 4)
        #expect(deep.size == 2)
        #expect(deep.posixPermissions.map { $0 & 0o222 } == 0)
        #expect(walker.problems.isEmpty)
    }

    @Test func skippingTheBundleOrADirectoryInItWorksAsAnywhereElse() throws {
        let (test, files) = try makeContainer()
        defer { withExtendedLifetime(test) {} }
        let walker = try files.walk(.home, options: WalkOptions(order: .name))
        var paths: [String] = []
        while let entry = walker.next() {
            paths.append(entry.path)
            if entry.path == "Folio.app/Samples/Deep" || entry.path == "Library" { walker.skipDescendants() }
        }
        #expect(paths.contains("Folio.app/Samples/a.txt"))
        #expect(!paths.contains("Folio.app/Samples/Deep/b.txt"))
        #expect(!paths.contains { $0.hasPrefix("Library/") })

        let skipping = try files.walk(.home, options: WalkOptions(order: .name))
        var seen: [String] = []
        while let entry = skipping.next() {
            seen.append(entry.path)
            if entry.path == "Folio.app" { skipping.skipDescendants() }
        }
        #expect(seen.contains("Folio.app"))
        #expect(!seen.contains { $0.hasPrefix("Folio.app/") })
        #expect(seen.contains("tmp"))
    }

    @Test func depthLimitsAndFilesystemOrderPlaceTheBundleToo() throws {
        let (test, files) = try makeContainer()
        defer { withExtendedLifetime(test) {} }
        let shallow = Array(try files.walk(.home, options: WalkOptions(maximumDepth: 2, order: .name))).map(\.path)
        #expect(shallow.contains("Folio.app/Samples"))
        #expect(!shallow.contains("Folio.app/Samples/a.txt"))
        let top = Array(try files.walk(.home, options: WalkOptions(isRecursive: false, order: .filesystem)))
        #expect(top.last?.name == "Folio.app")
        #expect(top.filter { $0.name == "Folio.app" }.count == 1)
        // Walks of anything but the Home show no bundle.
        #expect(!Array(try files.walk(.documents)).contains { $0.name == "Folio.app" })
    }
}
