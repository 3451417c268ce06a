import FolioTestSupport
import Foundation
import Testing

/// `folio ls` of the Home shows the bundle as the web app does: `Folio.app/`, in name order,
/// read-only, and `-R` goes into it.
@Suite struct HomeListingTests {
    private let directory = TemporaryDirectory()
    private var home: String { directory.appending("home") }

    private func folio(_ arguments: [String]) throws -> FolioBinary.Run {
        try FolioBinary.run(["--home", home] + arguments)
    }

    @Test func theHomeListsTheBundleInItsPlace() throws {
        let listed = try folio(["ls"])
        #expect(listed.status == 0)
        #expect(listed.standardOutput == "Documents/\nFolio.app/\nLibrary/\ntmp/\n")
        let long = try folio(["ls", "-l"])
        let line = try #require(long.standardOutput.split(separator: "\n").first { $0.hasSuffix("Folio.app/") })
        #expect(line.hasPrefix("dr-xr-xr-x"), "\(line)")
    }

    @Test func aRecursiveListingGoesIntoTheBundle() throws {
        let listed = try folio(["ls", "-R"])
        #expect(listed.status == 0)
        let lines = listed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("Folio.app/"))
        #expect(lines.contains { $0.hasPrefix("Folio.app/Samples/") })
        let json = try folio(["ls", "-R", "--json"])
        #expect(json.status == 0)
        #expect(json.standardOutput.contains("Folio.app/Samples"))
    }
}
