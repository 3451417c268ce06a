import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

/// A walk rendered on the threads that read its directories gives exactly the bytes of its
/// entries, rendered one by one in the order `next()` returns them, and the same problems.
@Suite struct WalkRenderingTests {
    /// A line with everything an entry says, so any difference in the walk shows.
    private struct Line: WalkRenderer {
        mutating func render(_ entry: WalkEntry, into bytes: inout [UInt8]) {
            let size = entry.size.map(String.init) ?? "-"
            let time = entry.modificationTime.map { "\($0)" } ?? "-"
            let permissions = entry.posixPermissions.map { String($0, radix: 8) } ?? "-"
            let line = "\(entry.path) \(entry.type) \(entry.depth) \(size) \(time) \(permissions)\n"
            bytes.append(contentsOf: line.utf8)
        }
    }

    /// The walk's entries through `next()`, rendered one by one, and its problems.
    private func expected(_ files: Files, _ root: SandboxPath, _ options: WalkOptions) throws -> (String, [String]) {
        let walker = try files.walk(root, options: options)
        var line = Line()
        var bytes: [UInt8] = []
        while let entry = walker.next() { line.render(entry, into: &bytes) }
        return (String(decoding: bytes, as: UTF8.self), walker.problems.map { "\($0.code) \($0.subject)" })
    }

    /// The walk rendered with `render(with:write:)`, after `skipping` entries taken with `next()`.
    private func rendered(
        _ files: Files, _ root: SandboxPath, _ options: WalkOptions, after skipping: Int = 0
    ) throws -> (String, [String]) {
        let walker = try files.walk(root, options: options)
        var line = Line()
        var bytes: [UInt8] = []
        for _ in 0..<skipping {
            if let entry = walker.next() { line.render(entry, into: &bytes) }
        }
        walker.render(with: Line()) { bytes.append(contentsOf: $0) }
        #expect(walker.next() == nil)
        return (String(decoding: bytes, as: UTF8.self), walker.problems.map { "\($0.code) \($0.subject)" })
    }

    /// Nested directories, hidden names, a directory of more than one part (with subdirectories
    /// among its files) and, when not root, unreadable directories that are reported.
    /// Runs `body` on a fresh container with the tree planted, and the paths it locked (given
    /// back their permissions afterwards).
    private func withTree(_ body: (TestContainer, [String]) throws -> Void) throws {
        let test = try TestContainer()
        let locked = try plantTree(test)
        defer {
            for path in locked {
                try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: test.absolute(path))
            }
        }
        try body(test, locked)
    }

    private func plantTree(_ test: TestContainer) throws -> [String] {
        for top in 0..<12 {
            for sub in 0..<(top % 4) {
                try test.plant("Documents/t/d\(top)/s\(sub)/f\(sub)", String(repeating: "x", count: top))
                try test.plant("Documents/t/d\(top)/s\(sub)/.hidden", "h")
            }
            try test.plant("Documents/t/d\(top)/file", "y")
        }
        let big = test.absolute("Documents/t/big")
        try FileManager.default.createDirectory(atPath: big, withIntermediateDirectories: true)
        for index in 0..<2500 {
            #expect(FileManager.default.createFile(atPath: big + "/f\(index)", contents: nil))
            if index % 300 == 0 { try test.plant("Documents/t/big/d\(index)/inner/f", "z") }
        }
        guard getuid() != 0 else { return [] }  // root reads every directory.
        let locked = ["Documents/t/d3/s1", "Documents/t/d7/s0", "Documents/t/big/d900", "Documents/t/d11"]
        for path in locked {
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: test.absolute(path))
        }
        return locked
    }

    private static let optionSets: [WalkOptions] = [
        WalkOptions(detail: .names, order: .name),
        WalkOptions(detail: .names, order: .filesystem),
        WalkOptions(detail: .basic, order: .name),
        WalkOptions(detail: .basic, order: .filesystem, includesHidden: false),
        WalkOptions(maximumDepth: 2, detail: .basic, order: .name),
        WalkOptions(isRecursive: false, detail: .basic, order: .name),
    ]

    @Test func renderingOnTheWalksThreadsGivesTheEntriesBytesInOrderWithTheSameProblems() throws {
        try withTree { test, locked in
            let files = Files(test.container)
            let root = try SandboxPath(parsing: "Documents/t")
            for var options in Self.optionSets {
                options.threads = 0
                let (text, problems) = try expected(files, root, options)
                #expect(text.contains("big/f2499 ") == options.isRecursive)
                if options.isRecursive && options.maximumDepth == nil {
                    #expect(problems.count == locked.count, "\(options)")
                    #expect(text.contains("big/d2400/inner/f "))
                }
                for threads in [0, 1, 2, 4] {
                    options.threads = threads
                    let walked = try rendered(files, root, options)
                    #expect(walked.0 == text, "\(threads) threads, \(options)")
                    #expect(walked.1 == problems, "\(threads) threads, \(options)")
                }
            }
        }
    }

    @Test func aWalkAlreadyUnderWayRendersTheRest() throws {
        try withTree { test, locked in
            let files = Files(test.container)
            let root = try SandboxPath(parsing: "Documents/t")
            let options = WalkOptions(detail: .basic, order: .name, threads: 2)
            let (text, problems) = try expected(files, root, options)
            for skipping in [1, 5, 2000] {
                let walked = try rendered(files, root, options, after: skipping)
                #expect(walked.0 == text, "after \(skipping)")
                #expect(walked.1 == problems)
            }
        }
    }

    @Test func theHomeIsRenderedWithTheBundleInItsPlace() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bundle-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        for index in 0..<5 {
            try FileManager.default.createDirectory(
                atPath: bundle + "/Samples/s\(index)", withIntermediateDirectories: true)
        }
        let test = try TestContainer(bundle: bundle)
        for index in 0..<5 { try test.plant("Documents/d\(index)/f", "x") }
        let files = Files(test.container)
        for options in [WalkOptions(order: .name, threads: 2), WalkOptions(detail: .basic, order: .filesystem)] {
            let (text, problems) = try expected(files, .home, options)
            #expect(text.contains("Folio.app/Samples/s4 directory 3"))
            let walked = try rendered(files, .home, options)
            #expect(walked.0 == text)
            #expect(walked.1 == problems)
        }
    }
}
