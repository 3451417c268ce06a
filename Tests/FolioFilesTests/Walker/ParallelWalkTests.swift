import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

/// A walk read ahead on several threads returns what a walk on one thread returns, in the same
/// order, and what a plain reading of the tree says it must: checked on random trees.
@Suite struct ParallelWalkTests {
    /// A reproducible sequence of random numbers (SplitMix64).
    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// One entry as a comparison needs it.
    private struct Seen: Hashable, CustomStringConvertible {
        let path: String
        let type: FileType
        let depth: Int
        let size: UInt64?
        var description: String { "\(path) \(type) \(depth) \(size.map(String.init) ?? "-")" }
    }

    /// A random tree under `Documents/tree`: directories (some empty, some wide), files of random
    /// sizes, hidden names, names that sort differently as bytes and as Unicode, and links to
    /// directories inside and outside the Home. Returns the tree's path in the container.
    private func plantRandomTree(_ test: TestContainer, seed: UInt64) throws -> SandboxPath {
        var random = Seeded(state: seed)
        let manager = FileManager.default
        let outside = test.directory.appending("outside")
        try manager.createDirectory(atPath: outside + "/secret", withIntermediateDirectories: true)
        let stems = ["a", "B", "z", ".h", "é", "Z9", "m-", "file", "dir", "_", "0", "ä"]
        var directories = ["Documents/tree"]
        try manager.createDirectory(atPath: test.absolute("Documents/tree"), withIntermediateDirectories: true)
        var made = 0
        while made < 400, let parent = directories.randomElement(using: &random) {
            let name = stems.randomElement(using: &random).map { "\($0)\(made)" } ?? "n\(made)"
            let path = parent + "/" + name
            made += 1
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3 where directories.count < 80:
                try manager.createDirectory(atPath: test.absolute(path), withIntermediateDirectories: false)
                directories.append(path)
            case 3:
                let target = Bool.random(using: &random) ? outside : test.absolute("Documents/tree")
                try manager.createSymbolicLink(atPath: test.absolute(path), withDestinationPath: target)
            default:
                try test.plant(path, String(repeating: "x", count: Int.random(in: 0..<300, using: &random)))
            }
        }
        return try SandboxPath(parsing: "Documents/tree")
    }

    /// What a walk must return, read with Foundation: depth first, names sorted as bytes, links
    /// never followed, the depth limit and the skipped directories (by path) respected.
    private func expected(
        _ test: TestContainer, _ root: String, options: WalkOptions, skipping: Set<String> = []
    ) throws -> [Seen] {
        var result: [Seen] = []
        func visit(_ relative: String, depth: Int) throws {
            let absolute = relative.isEmpty ? test.absolute(root) : test.absolute(root + "/" + relative)
            let names = try FileManager.default.contentsOfDirectory(atPath: absolute)
                .filter { options.includesHidden || !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                let attributes = try FileManager.default.attributesOfItem(atPath: absolute + "/" + name)
                let type: FileType =
                    switch attributes[.type] as? FileAttributeType {
                    case .typeDirectory?: .directory
                    case .typeSymbolicLink?: .symbolicLink
                    default: .regular
                    }
                let size = options.detail == .names ? nil : (attributes[.size] as? NSNumber)?.uint64Value
                result.append(Seen(path: path, type: type, depth: depth, size: size))
                let deeper = options.maximumDepth.map { depth < $0 } ?? true
                if type == .directory && options.isRecursive && deeper && !skipping.contains(path) {
                    try visit(path, depth: depth + 1)
                }
            }
        }
        try visit("", depth: 1)
        return result
    }

    /// Walks with `options`, skipping the descendants of the directories in `skipping`.
    private func walk(
        _ files: Files, _ root: SandboxPath, options: WalkOptions, skipping: Set<String> = []
    ) throws -> (entries: [Seen], problems: [String]) {
        let walker = try files.walk(root, options: options)
        var entries: [Seen] = []
        while let entry = walker.next() {
            entries.append(Seen(path: entry.path, type: entry.type, depth: entry.depth, size: entry.size))
            if skipping.contains(entry.path) { walker.skipDescendants() }
        }
        return (entries, walker.problems.map { "\($0.code) \($0.subject)" })
    }

    private static let optionSets: [WalkOptions] = [
        WalkOptions(detail: .names, order: .name),
        WalkOptions(detail: .basic, order: .name),
        WalkOptions(detail: .basic, order: .name, includesHidden: false),
        WalkOptions(maximumDepth: 2, detail: .basic, order: .name),
        WalkOptions(maximumDepth: 3, detail: .names, order: .filesystem),
        WalkOptions(detail: .basic, order: .filesystem),
        WalkOptions(detail: .full, order: .name),
    ]

    @Test(arguments: [1, 2, 3] as [UInt64])
    func readingAheadReturnsTheSequentialWalkOnRandomTrees(seed: UInt64) throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let root = try plantRandomTree(test, seed: seed)
        for var options in Self.optionSets {
            options.threads = 0
            let sequential = try walk(files, root, options: options)
            if options.order == .name {
                #expect(sequential.entries == (try expected(test, "Documents/tree", options: options)))
            } else {
                #expect(Set(sequential.entries) == Set(try expected(test, "Documents/tree", options: options)))
            }
            for threads in [1, 2, 4, 8] {
                options.threads = threads
                let parallel = try walk(files, root, options: options)
                #expect(parallel.entries == sequential.entries, "\(threads) threads, \(options)")
                #expect(parallel.problems == sequential.problems)
            }
        }
    }

    @Test(arguments: [4, 5, 6] as [UInt64])
    func skippingAnyDirectoriesReturnsNothingBelowThem(seed: UInt64) throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let root = try plantRandomTree(test, seed: seed)
        var random = Seeded(state: seed)
        let all = try expected(test, "Documents/tree", options: WalkOptions(order: .name))
        let directories = all.filter { $0.type == .directory }.map(\.path)
        #expect(directories.count > 20)
        for share in [1, 3, 10] {
            let skipping = Set(directories.filter { _ in Int.random(in: 0..<share, using: &random) == 0 })
            for threads in [0, 2, 4] {
                let options = WalkOptions(detail: .basic, order: .name, threads: threads)
                let walked = try walk(files, root, options: options, skipping: skipping)
                #expect(walked.entries == (try expected(test, "Documents/tree", options: options, skipping: skipping)))
                #expect(walked.problems.isEmpty)
            }
        }
    }

    @Test func aLargeDirectoryInTheFilesystemsOrderIsReadInPartsAndWalkedInOrder() throws {
        let test = try TestContainer()
        let folder = test.absolute("Documents/big")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<3000 {
            #expect(FileManager.default.createFile(atPath: folder + "/f\(index)", contents: nil))
        }
        for index in 0..<40 { try test.plant("Documents/big/d\(index)/inner/f", "x") }
        let files = Files(test.container)
        let root = try SandboxPath(parsing: "Documents/big")
        let skipping: Set = ["d3", "d7/inner", "d30"]
        let options = WalkOptions(detail: .basic, order: .filesystem, threads: 0)
        let sequential = try walk(files, root, options: options, skipping: skipping)
        // The filesystem's order is readdir's, and each directory's entries follow it at once.
        let own = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(sequential.entries.filter { $0.depth == 1 }.map(\.path) == own)
        for (index, entry) in sequential.entries.enumerated() where entry.depth == 1 && entry.type == .directory {
            let below = sequential.entries.dropFirst(index + 1).prefix { $0.path.hasPrefix(entry.path + "/") }
            let skipped = skipping.contains(entry.path)
            #expect(below.count == (skipped ? 0 : skipping.contains(entry.path + "/inner") ? 1 : 2), "\(entry.path)")
        }
        #expect(sequential.entries.count == 3000 + 40 + 40 * 2 - 2 * 2 - 1)
        for threads in [1, 2, 4] {
            var parallelOptions = options
            parallelOptions.threads = threads
            let parallel = try walk(files, root, options: parallelOptions, skipping: skipping)
            #expect(parallel.entries == sequential.entries, "\(threads) threads")
            #expect(parallel.problems.isEmpty)
        }
    }

    @Test func aSkippedDirectoryReadAheadReportsNothingButOthersDo() throws {
        guard getuid() != 0 else { return }  // root reads every directory.
        let test = try TestContainer()
        for top in 0..<30 {
            try test.plant("Documents/t/d\(top)/f", "x")
            try test.plant("Documents/t/d\(top)/locked/f", "x")
        }
        for top in 0..<30 {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0], ofItemAtPath: test.absolute("Documents/t/d\(top)/locked"))
        }
        defer {
            for top in 0..<30 {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o700], ofItemAtPath: test.absolute("Documents/t/d\(top)/locked"))
            }
        }
        let files = Files(test.container)
        let root = try SandboxPath(parsing: "Documents/t")
        let skipping = Set((0..<30).filter { $0 % 2 == 0 }.map { "d\($0)/locked" })
        let sequential = try walk(files, root, options: WalkOptions(order: .name, threads: 0), skipping: skipping)
        #expect(
            sequential.problems == (0..<30).filter { $0 % 2 == 1 }.map { "permissionDenied Documents/t/d\($0)/locked" })
        for threads in [1, 2, 4] {
            let parallel = try walk(
                files, root, options: WalkOptions(order: .name, threads: threads), skipping: skipping)
            #expect(parallel.entries == sequential.entries)
            #expect(parallel.problems == sequential.problems)
        }
    }

    @Test func theHomesBundleIsWalkedTheSameWayOnAnyNumberOfThreads() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bundle-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        for index in 0..<20 {
            try FileManager.default.createDirectory(
                atPath: bundle + "/Samples/s\(index)/deep", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: bundle + "/Samples/s\(index)/deep/f", contents: Data("ab".utf8))
        }
        let test = try TestContainer(bundle: bundle)
        for index in 0..<20 { try test.plant("Documents/d\(index)/inner/f", "x") }
        let files = Files(test.container)
        let skipping: Set = ["Folio.app/Samples/s3", "Folio.app/Samples/s4/deep", "Documents/d5", "Library"]
        for options in [WalkOptions(detail: .basic, order: .name), WalkOptions(maximumDepth: 3, order: .filesystem)] {
            var sequentialOptions = options
            sequentialOptions.threads = 0
            let sequential = try walk(files, .home, options: sequentialOptions, skipping: skipping)
            #expect(sequential.entries.contains { $0.path == "Folio.app/Samples/s2" })
            #expect(!sequential.entries.contains { $0.path.hasPrefix("Folio.app/Samples/s3/") })
            #expect(!sequential.entries.contains { $0.path.hasPrefix("Documents/d5/") })
            for threads in [2, 4] {
                var parallelOptions = options
                parallelOptions.threads = threads
                let parallel = try walk(files, .home, options: parallelOptions, skipping: skipping)
                #expect(parallel.entries == sequential.entries)
                #expect(parallel.problems == sequential.problems)
            }
        }
    }

    @Test func directoriesSwappedForLinksDuringAParallelWalkNeverLeadOutside() throws {
        let test = try TestContainer()
        let outside = test.directory.appending("outside")
        try FileManager.default.createDirectory(atPath: outside + "/secret", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: outside + "/secret/key"))
        for index in 0..<40 { try test.plant("Documents/t/d\(index)/sub/f", "x") }
        let files = Files(test.container)
        let walker = try files.walk(
            try SandboxPath(parsing: "Documents/t"), options: WalkOptions(order: .name, threads: 4))
        var paths: [String] = []
        while let entry = walker.next() {
            paths.append(entry.path)
            if entry.path == "d0" {
                // Every directory not yet entered (some read ahead, some not) becomes a link to outside.
                for index in 1..<40 {
                    let directory = test.absolute("Documents/t/d\(index)")
                    try FileManager.default.moveItem(atPath: directory, toPath: directory + "-moved")
                    try FileManager.default.createSymbolicLink(atPath: directory, withDestinationPath: outside)
                }
            }
        }
        #expect(!paths.contains { $0.contains("secret") || $0.contains("key") })
        // A directory read before the swap is listed as it was; one opened after is a problem
        // (the link is not followed), never the outside directory's contents.
        #expect(walker.problems.allSatisfy { $0.subject.hasPrefix("Documents/t/d") })
    }

    @Test func anAbandonedWalkLeavesNoDescriptorOpen() throws {
        let test = try TestContainer()
        for index in 0..<200 { try test.plant("Documents/t/d\(index)/sub/f", "x") }
        let files = Files(test.container)
        let root = try SandboxPath(parsing: "Documents/t")
        // Only this test's descriptors: other tests in the same process open and close their own.
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { fd in
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd)
                return target?.hasPrefix(test.container.root + "/Documents") == true
            }.count
        }
        // Walks started first, so the worker threads and the runtime's own descriptors exist.
        _ = Array(try files.walk(root, options: WalkOptions(order: .name, threads: 4)))
        let before = try openDescriptors()
        let live = try files.walk(root, options: WalkOptions(order: .name, threads: 4))
        _ = live.next()
        _ = live.next()
        #expect(try openDescriptors() > before, "a walk under way holds its directories open")
        withExtendedLifetime(live) {}
        for stop in [1, 5, 50, 300] {
            let walker = try files.walk(root, options: WalkOptions(order: .name, threads: 4))
            for _ in 0..<stop { _ = walker.next() }
        }
        // Releasing a walker waits for its threads to finish the directory they were reading.
        #expect(try openDescriptors() == before)
    }
}
