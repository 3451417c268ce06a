import FolioTestSupport
import Foundation
import Testing

/// `folio geo watch` on logs from real receivers (gpsd's regression logs in the shared corpora).
@Suite struct GeoWatchCommandTests {
    func folio(_ arguments: [String], home: TestContainer) throws -> FolioBinary.Run {
        try FolioBinary.run(["--home", home.container.root] + arguments)
    }

    func plantLog(_ name: String, in home: TestContainer) throws {
        let text = String(decoding: try Corpora.data("nmea/gpsd-regressions/\(name)"), as: UTF8.self)
        try home.plant("Documents/\(name)", text)
    }

    func fixLines(_ run: FolioBinary.Run) -> [Substring] {
        run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("#") }
    }

    @Test(arguments: [
        ("mr-350p.log", "2012-07-04T05:11:34.000Z"), ("hemi.log", "2018-09-07T19:40:57.500Z"),
        ("ericsson-gru04.log", "2026-02-06T17:06:00.000Z"), ("ericsson-gru04-02-70sec.log", "2026-02-12T21:37:12.000Z"),
    ])
    func readsLogsWhosePositionsAreDatedByZDAOrInGNSAndGLL(_ log: String, _ first: String) throws {
        let home = try TestContainer()
        try plantLog(log, in: home)
        let run = try folio(["geo", "watch", "--nmea", "Documents/\(log)"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let fixes = fixLines(run)
        #expect(fixes.first?.hasPrefix("#1  \(first)  ") == true, "\(fixes.prefix(2))")
        #expect(!run.standardError.contains("PERC") && !run.standardError.contains("GSV"), "\(run.standardError)")
        #expect(!run.standardError.contains("# "), "comment lines are skipped quietly")
    }

    @Test func countsWhatItSkippedWithVerbose() throws {
        let home = try TestContainer()
        try plantLog("ericsson-gru04-02-70sec.log", in: home)
        let quiet = try folio(["geo", "watch", "--nmea", "Documents/ericsson-gru04-02-70sec.log"], home: home)
        #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
        #expect(fixLines(quiet).count == 71)
        let verbose = try folio(
            ["geo", "watch", "--nmea", "Documents/ericsson-gru04-02-70sec.log", "--verbose"], home: home)
        let lines = verbose.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("folio: skipped ") == true)
        #expect(lines.first?.contains(" 464 PERC, ") == true, "\(lines)")
        #expect(lines.first?.contains(" comment") == true)
    }

    @Test func recordingReportsTheSameWay() throws {
        let home = try TestContainer()
        try plantLog("hemi.log", in: home)
        let run = try folio(
            ["geo", "track", "record", "Boston", "--nmea", "Documents/hemi.log", "--verbose"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("recorded 6 movements into Boston"), "\(run.standardOutput)")
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.last?.contains("GPHDT") == true && lines.last?.contains("GPVTG") == true, "\(lines)")
    }

    @Test func aRunOfFailuresOfOneKindIsOneLineAndACount() throws {
        let home = try TestContainer()
        try plantLog("hemi.log", in: home)
        let run = try folio(["geo", "watch", "--nmea", "Documents/hemi.log"], home: home)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasSuffix("no position fix at 19:40:50.000 (noFix)") == true, "\(lines)")
        #expect(
            lines.last?.hasPrefix("folio: … and 14 more like it (noFix), the last at Documents/hemi.log, line ") == true
        )
    }

    @Test func aLogWithoutPositionsSaysSoAndFails() throws {
        let home = try TestContainer()
        try home.plant("Documents/sky.nmea", "# only satellites\n$GPGSV,1,1,01,01,40,083,46*44\n")
        let run = try folio(["geo", "watch", "--nmea", "Documents/sky.nmea"], home: home)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError.contains(
                "no location from Documents/sky.nmea: none of its 2 lines gives a position (1 GPGSV, 1 comment)"),
            "\(run.standardError)")
    }

    @Test func readsTheSameFixesThroughGpsd() throws {
        // gpsd 3.22's gpsfake replays a log without its # comments. The end of hemi.log, its GGA
        // dated by ZDA, less the ZDA before 19:40:58: gpsd reports the first fixes without a time.
        let text = String(decoding: try Corpora.data("nmea/gpsd-regressions/hemi.log"), as: UTF8.self)
        let sentences = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }.suffix(260)
        let log =
            sentences.filter { !($0.hasPrefix("$GPZDA,") && $0.dropFirst(7).prefix(6) < "194058") }
            .joined(separator: "\r\n") + "\r\n"
        let home = try TestContainer()
        try home.plant("Documents/hemi.nmea", log)
        let direct = fixLines(try folio(["geo", "watch", "--nmea", "Documents/hemi.nmea"], home: home))
        let gpsd = try GPSFake(log: log, cycle: 0.01)
        let run = try folio(["geo", "watch", "--gpsd", "127.0.0.1:\(gpsd.port)", "--count", "3"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let relayed = fixLines(run)
        #expect(relayed.count == 3, "\(run.standardError)")
        // The same times and positions as the log read directly (gpsd's accuracy is its own).
        let key = { (line: Substring) in Array(line.split(separator: " ").dropFirst().prefix(2)) }
        let directKeys = Set(direct.map(key))
        for line in relayed {
            #expect(directKeys.contains(key(line)), "\(line) is not among the log's own fixes: \(direct)")
        }
        #expect(run.standardError.contains("gpsd reported a position without a time"), "\(run.standardError)")
        #expect(
            !run.standardError.contains("\r"), "a message about gpsd's reports carries its CR: \(run.standardError)")
    }
}
