import FolioTestSupport
import Foundation
import Testing

/// A container first used from the command line gets the same sample documents as one first
/// opened by `folio serve`, once.
@Suite struct FirstUseTests {
    private let directory = TemporaryDirectory()
    private var home: String { directory.appending("home") }

    private func folio(_ arguments: [String]) throws -> FolioBinary.Run {
        try FolioBinary.run(["--home", home] + arguments)
    }

    @Test func theFirstCommandProvisionsTheSamplesOnce() throws {
        #expect(try folio(["ls"]).status == 0)
        let listed = try folio(["doc", "list"])
        #expect(listed.status == 0)
        for sample in ["Welcome.txt", "Shopping List.txt", "House.dudeldoc", "Garden.dudeldoc", "simpsons.csv"] {
            #expect(listed.standardOutput.contains(sample), "\(listed.standardOutput)")
        }
        #expect(try folio(["doc", "current"]).standardOutput == "Welcome.txt\n")
        // A deleted sample stays deleted; later runs add nothing.
        #expect(try folio(["doc", "delete", "Garden.dudeldoc", "--yes"]).status == 0)
        _ = try folio(["ls"])
        let after = try folio(["--json", "doc", "list"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(after.standardOutput.utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 4)
        #expect(!after.standardOutput.contains("Garden.dudeldoc"))
    }
}
