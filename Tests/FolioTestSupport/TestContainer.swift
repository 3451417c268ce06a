import FolioDocuments
import FolioResources
import FolioSandbox
import Foundation

/// A container in its own temporary directory, with Folio's bundle, for one test.
public struct TestContainer: Sendable {
    /// The directory that holds the Home (and anything a test puts beside it, "outside" the Home).
    public let directory: TemporaryDirectory
    /// The container; its Home is `directory/home`.
    public let container: Container

    /// Makes a fresh container at `<temporary>/home`, with Folio's bundle or the given one.
    public init(bundle: String? = nil) throws {
        directory = TemporaryDirectory()
        container = try Container(
            root: directory.appending("home"), bundle: bundle ?? FolioResources.bundleDirectory)
    }

    /// Marks the sample documents as offered, so a `folio` run on this container starts with an
    /// empty library instead of the first-use samples.
    public func skipSampleContent() throws {
        try plant(SampleContent.markerPath, "{}")
    }

    /// The absolute path of `relative` inside the Home, for checking results with plain Foundation.
    public func absolute(_ relative: String) -> String {
        container.root + "/" + relative
    }

    /// Writes `text` to `relative` inside the Home directly (bypassing Folio), creating parents.
    public func plant(_ relative: String, _ text: String = "") throws {
        let url = URL(fileURLWithPath: absolute(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Reads `relative` inside the Home directly, or nil when it is missing.
    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: absolute(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether something (even a dangling link) exists at `relative` inside the Home.
    public func exists(_ relative: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: absolute(relative))) != nil
    }
}
