import FolioTestSupport
import Foundation
import Testing

/// Validates a GPX document against the GPX 1.1 schema TopoGrafix publishes
/// (`corpora/gpx-schema/gpx-1.1.xsd`) with `xmllint` (Debian's libxml2-utils, installed by
/// `Scripts/setup test`), the reference a GPX file is judged by.
enum GPXSchema {
    static func validate(_ text: String) throws {
        let problems = try self.problems(text)
        try #require(problems == nil, "xmllint rejects the GPX: \(problems ?? "")")
    }

    /// What xmllint says is wrong with `text`, or nil when it is valid.
    static func problems(_ text: String) throws -> String? {
        let schema = Corpora.path("gpx-schema/gpx-1.1.xsd")
        try #require(FileManager.default.fileExists(atPath: schema), "the GPX schema is missing at \(schema)")
        let run = try Subprocess.run("xmllint", ["--noout", "--nonet", "--schema", schema, "-"], input: text)
        return run.status == 0 ? nil : run.error.isEmpty ? "exit status \(run.status)" : run.error
    }
}
