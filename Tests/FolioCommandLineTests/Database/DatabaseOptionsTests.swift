import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

@testable import FolioCommandLine

@Suite struct DatabaseOptionsTests {
    @Test func theQueryTimeLimitIsAPositiveNumberOfSeconds() throws {
        #expect(try DatabaseOptions.timeLimit("2") == .seconds(2))
        #expect(try DatabaseOptions.timeLimit("0.25") == .milliseconds(250))
        for bad in ["0", "-1", "soon", "inf", "nan", "1e9"] {
            #expect(throws: UsageError.self) { try DatabaseOptions.timeLimit(bad) }
        }
    }

    @Test func serveRefusesABadQueryTimeLimitAsAUsageError() throws {
        let home = TemporaryDirectory()
        let run = try FolioBinary.run(["--home", home.path, "serve", "--port", "0", "--query-time-limit", "soon"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--query-time-limit takes a number of seconds"))
    }
}
