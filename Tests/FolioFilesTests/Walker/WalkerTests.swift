import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct WalkerTests {
    /// Documents/ with a/1.txt, a/b/2.txt, a/b/c/3.txt, z.txt, .hidden
    private func makeTree() throws -> (TestContainer, Files) {
        let test = try TestContainer()
        try test.plant("Documents/a/1.txt", "one")
        try test.plant("Documents/a/b/2.txt", "two!")
        try test.plant("Documents/a/b/c/3.txt", "three")
        try test.plant("Documents/z.txt", "z")
        try test.plant("Documents/.hidden", "h")
        return (test, Files(test.container))
    }

    @Test func walksDepthFirstInNameOrderWithRelativePaths() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        let walker = try files.walk(.documents, options: WalkOptions(order: .name))
        #expect(walker.map(\.path) == [".hidden", "a", "a/1.txt", "a/b", "a/b/2.txt", "a/b/c", "a/b/c/3.txt", "z.txt"])
        #expect(walker.problems.isEmpty)
    }

    @Test func reportsTypeAndDepth() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        let entries = Array(try files.walk(.documents, options: WalkOptions(order: .name)))
        let byPath = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0) })
        #expect(byPath["a"]?.type == .directory)
        #expect(byPath["a/b/c/3.txt"]?.type == .regular)
        #expect(byPath["a/b/c/3.txt"]?.depth == 4)
        #expect(byPath["z.txt"]?.depth == 1)
        #expect(byPath["z.txt"]?.size == nil, "names-only walks read no sizes")
    }

    @Test func skipDescendantsNeverReadsTheSkippedDirectory() throws {
        let (test, files) = try makeTree()
        // Make a/b unreadable: if the walker tried to read it, a problem would be recorded.
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: test.absolute("Documents/a/b"))
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o700], ofItemAtPath: test.absolute("Documents/a/b"))
        }
        let walker = try files.walk(.documents, options: WalkOptions(order: .name))
        var seen: [String] = []
        while let entry = walker.next() {
            seen.append(entry.path)
            if entry.path == "a/b" {
                walker.skipDescendants()
            }
        }
        #expect(seen == [".hidden", "a", "a/1.txt", "a/b", "z.txt"])
        #expect(walker.problems.isEmpty)
    }

    @Test func maximumDepthLimitsTheWalk() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        let walker = try files.walk(.documents, options: WalkOptions(maximumDepth: 2, order: .name))
        #expect(walker.map(\.path) == [".hidden", "a", "a/1.txt", "a/b", "z.txt"])
    }

    @Test func shallowListingSkipsHiddenNamesWhenAsked() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        let entries = try files.contentsOfDirectory(.documents, includesHidden: false)
        #expect(entries.map(\.name) == ["a", "z.txt"])
        #expect(entries.last?.size == 1)
        #expect(entries.last?.posixPermissions == 0o644 || entries.last?.posixPermissions == 0o600)
    }

    @Test func basicDetailReadsSizeDateAndPermissions() throws {
        let (test, files) = try makeTree()
        let date = Date(timeIntervalSince1970: 1_600_000_000.25)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: test.absolute("Documents/z.txt"))
        let entry = try #require(
            try files.walk(.documents, options: WalkOptions(detail: .basic)).first { $0.path == "z.txt" })
        #expect(entry.size == 1)
        #expect(abs((entry.modificationDate?.timeIntervalSince1970 ?? 0) - 1_600_000_000.25) < 0.001)
        #expect(entry.attributes == nil)
    }

    @Test func aSortedWalkDescribesEveryEntryItselfTheFirstOfEachDirectoryToo() throws {
        // Sizes that differ by entry, in a directory read in an order unlike the names' order,
        // with a link and a subdirectory among them: each entry must get its own type and size.
        let test = try TestContainer()
        var expected: [String: (FileType, UInt64?)] = [:]
        for number in (0..<40).reversed() {
            let name = String(format: "%02d-file", number)
            try test.plant("Documents/s/\(name)", String(repeating: "x", count: number + 1))
            expected[name] = (.regular, UInt64(number + 1))
        }
        try FileManager.default.createDirectory(
            atPath: test.absolute("Documents/s/000-dir"), withIntermediateDirectories: true)
        try test.plant("Documents/s/000-dir/inner", "12345")
        expected["000-dir"] = (.directory, nil)
        expected["000-dir/inner"] = (.regular, 5)
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/s/0-link"), withDestinationPath: "x")
        expected["0-link"] = (.symbolicLink, 1)
        let files = Files(test.container)
        for detail in [WalkOptions.Detail.basic, .full] {
            let walker = try files.walk(
                try SandboxPath(parsing: "Documents/s"), options: WalkOptions(detail: detail, order: .name))
            let entries = Array(walker)
            #expect(walker.problems.isEmpty)
            #expect(entries.map(\.path) == entries.map(\.path).sorted())
            #expect(entries.count == expected.count)
            for entry in entries {
                let (type, size) = try #require(expected[entry.path], "\(entry.path)")
                #expect(entry.type == type, "\(entry.path)")
                if let size { #expect(entry.size == size, "\(entry.path)") }
            }
        }
    }

    @Test func fullDetailReadsEveryAttribute() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        let entry = try #require(
            try files.walk(.documents, options: WalkOptions(detail: .full)).first { $0.path == "a/b/2.txt" })
        let attributes = try #require(entry.attributes)
        #expect(attributes.size == 4)
        #expect(attributes.referenceCount == 1)
        #expect(attributes.systemFileNumber > 0)
    }

    @Test func exposesTheWalkedDirectorysAttributes() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        let walker = try files.walk(try SandboxPath(parsing: "Documents/a"))
        #expect(walker.directoryAttributes.type == .directory)
        #expect(walker.directoryAttributes.posixPermissions & 0o700 == 0o700)
    }

    @Test func symbolicLinksAreReportedNotFollowed() throws {
        let (test, files) = try makeTree()
        try FileManager.default.createSymbolicLink(atPath: test.absolute("Documents/loop"), withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: test.absolute("Documents/etc"), withDestinationPath: "/etc")
        let entries = Array(try files.walk(.documents))
        #expect(entries.first { $0.path == "loop" }?.type == .symbolicLink)
        #expect(entries.first { $0.path == "etc" }?.type == .symbolicLink)
        #expect(!entries.contains { $0.path.hasPrefix("etc/") || $0.path.hasPrefix("loop/") })
    }

    @Test func anUnreadableDirectoryIsAProblemNotTheEndOfTheWalk() throws {
        guard getuid() != 0 else { return }  // root reads everything; the root case is covered by skipDescendants.
        let (test, files) = try makeTree()
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: test.absolute("Documents/a/b"))
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o700], ofItemAtPath: test.absolute("Documents/a/b"))
        }
        let walker = try files.walk(.documents, options: WalkOptions(order: .name))
        let paths = walker.map(\.path)
        #expect(paths.contains("z.txt"))
        #expect(walker.problems.first?.subject == "Documents/a/b")
    }

    @Test func aDirectoryRenamedDuringTheWalkDoesNotLeadOutside() throws {
        let (test, files) = try makeTree()
        let outside = test.directory.appending("outside")
        try FileManager.default.createDirectory(atPath: outside + "/secret", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: outside + "/secret/key"))
        let walker = try files.walk(.documents, options: WalkOptions(order: .name))
        var paths: [String] = []
        while let entry = walker.next() {
            paths.append(entry.path)
            if entry.path == "a" {
                // Swap the directory about to be entered for a link to a directory outside.
                try FileManager.default.moveItem(
                    atPath: test.absolute("Documents/a"), toPath: test.absolute("Documents/moved"))
                try FileManager.default.createSymbolicLink(
                    atPath: test.absolute("Documents/a"), withDestinationPath: outside)
            }
        }
        #expect(!paths.contains { $0.contains("secret") || $0.contains("key") })
    }

    @Test func walkingAFileIsAClearError() throws {
        let (test, files) = try makeTree()
        defer { withExtendedLifetime(test) {} }
        let error = try #require(throws: FileError.self) { try files.walk(try SandboxPath(parsing: "Documents/z.txt")) }
        #expect(error.code == .notDirectory)
    }
}
