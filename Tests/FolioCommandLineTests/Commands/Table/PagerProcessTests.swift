import FolioTestSupport
import Foundation
import Testing

@testable import FolioCommandLine

@Suite struct PagerProcessTests {
    @Test func feedsThePagerEverythingWritten() throws {
        let directory = TemporaryDirectory()
        let file = directory.appending("paged.txt")
        let pager = try #require(PagerProcess(command: "cat > '\(file)'"))
        #expect(pager.write("first screen\n"))
        #expect(pager.write("second screen\n"))
        #expect(pager.finish())
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "first screen\nsecond screen\n")
    }

    @Test func aPagerThatQuitsEarlyStopsTheWriting() throws {
        let pager = try #require(PagerProcess(command: "head -c 1 > /dev/null"))
        let chunk = String(repeating: "x", count: 1 << 16)
        var accepted = 0
        while accepted < 1000, pager.write(chunk) { accepted += 1 }
        #expect(accepted < 1000)
        #expect(pager.finish())
    }

    @Test func aMissingPagerIsReportedSoFolioPagesItself() throws {
        let pager = try #require(PagerProcess(command: "no-such-pager-anywhere 2>/dev/null"))
        #expect(!pager.finish())
    }
}
