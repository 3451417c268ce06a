import Foundation

/// The shared corpora of real data from other projects (`../shared/corpora` beside the package,
/// or `$FOLIO_CORPORA`), read in place by the tests that compare Folio with a reference tool.
public enum Corpora {
    /// The corpora directory.
    public static var directory: String {
        if let override = ProcessInfo.processInfo.environment["FOLIO_CORPORA"], !override.isEmpty {
            return override
        }
        // This file is <package>/Tests/FolioTestSupport/Corpora.swift.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora").path
    }

    /// The path of `relative` in the corpora.
    public static func path(_ relative: String) -> String {
        directory + "/" + relative
    }

    /// The contents of the file at `relative` in the corpora.
    ///
    /// - Throws: when it cannot be read (the corpora are missing: they belong beside the package).
    public static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(relative)))
    }

    /// The names of the files in the folder `relative` whose names end with `suffix`, sorted.
    ///
    /// - Throws: when the folder cannot be listed.
    public static func files(in relative: String, endingWith suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(relative)).filter { $0.hasSuffix(suffix) }.sorted()
    }
}
