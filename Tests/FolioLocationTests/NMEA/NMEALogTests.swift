import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

@Suite struct NMEALogTests {
    @Test func combinesEachEpochIntoOneLocation() throws {
        let log = NMEALog(.text(Walks.log(Walks.epochs(count: 5, step: 10)), name: "walk.nmea"))
        let events = log.allEvents()
        let locations = events.compactMap { event -> Location? in
            if case .reading(let location) = event { return location }
            return nil
        }
        #expect(events.count == 5)
        #expect(locations.count == 5)
        #expect(locations.first?.timestamp == Walks.start)
        #expect(locations.last?.timestamp == Walks.start + .seconds(4))
        #expect(abs((locations.first?.coordinate.distance(to: Walks.whiteHouse)) ?? 99) < 0.2)
        #expect(locations.first?.horizontalAccuracy == 5)
        #expect(locations.first?.altitude == 20)
        #expect(locations.first?.hasValidAltitude == true)
        #expect(abs((locations.first?.speed ?? 0) - 2 * 1852 / 3600) < 1e-9)
        #expect(locations.first?.course == 90)
        let spacing = try #require(locations.last).distance(from: try #require(locations.first))
        #expect(abs(spacing - 40) < 0.5)
    }

    @Test func reportsBadLinesAndGoesOn() {
        var text = Walks.log(Walks.epochs(count: 3, step: 10))
        text = text.replacingOccurrences(of: "3853.", with: "3854.", options: [], range: text.range(of: "3853."))
        let events = NMEALog(.text(text, name: "walk.nmea")).allEvents()
        let failures = events.compactMap { event -> LocationError? in
            if case .failure(let error) = event { return error }
            return nil
        }
        #expect(failures.count == 1)
        #expect(failures.first?.code == .badChecksum)
        #expect(failures.first?.subject == "walk.nmea, line 1")
        #expect(events.count == 4)
    }

    @Test func anEpochWithoutAFixIsAFailureNotAPosition() {
        var epochs = Walks.epochs(count: 3, step: 10)
        epochs[1].coordinate = nil
        let events = NMEALog(.text(Walks.log(epochs))).allEvents()
        #expect(events.count == 3)
        guard case .failure(let error) = events[1] else {
            Issue.record("no failure for the epoch without a fix: \(events[1])")
            return
        }
        #expect(error.code == .noFix)
        #expect(error.subject.hasSuffix(", line 3"), "the epoch's first line, not the next one's: \(error.subject)")
    }

    @Test func ggaAloneNeedsADate() throws {
        let gga = NMEASentence.checksummed("GPGGA,120000.00,3300.6002,N,09645.4754,W,1,08,0.9,200.0,M,-25.0,M,,")
        let events = NMEALog(.text(gga + "\r\n")).allEvents()
        guard case .failure(let error) = events.first else {
            Issue.record("dated a GGA without a date")
            return
        }
        #expect(error.code == .missingTime)
        let dated = NMEALog(.text(gga + "\r\n"), referenceDate: Walks.start).allEvents()
        guard case .reading(let location) = dated.first else {
            Issue.record("reference date not used")
            return
        }
        #expect(location.timestamp == Walks.start)
        #expect(location.speed < 0)
    }

    @Test func readsALogFromTheContainer() throws {
        let home = try TestContainer()
        try home.plant("Documents/walk.nmea", Walks.log(Walks.epochs(count: 4, step: 5)))
        let path = try SandboxPath(parsing: "Documents/walk.nmea")
        let events = NMEALog(.file(path, in: Files(home.container))).allEvents()
        #expect(events.count == 4)
        let missing = NMEALog(.file(try SandboxPath(parsing: "Documents/none.nmea"), in: Files(home.container)))
        guard case .failure(let error) = missing.allEvents().first else {
            Issue.record("a missing file produced no failure")
            return
        }
        #expect(error.code == .storageFailed)
    }
}

@Suite struct NMEALogTimeTests {
    @Test func keepsTheSentencesTimeExactly() throws {
        let log = [
            NMEASentence.checksummed("GPGGA,200619.30,3300.6002,N,09645.4754,W,1,08,0.9,200.0,M,-25.0,M,,"),
            NMEASentence.checksummed("GPRMC,200619.30,A,3300.6002,N,09645.4754,W,0.5,90.0,200506,,,A"),
        ].joined(separator: "\r\n")
        let events = NMEALog(.text(log + "\r\n")).allEvents()
        guard case .reading(let location) = try #require(events.first) else {
            Issue.record("no reading: \(events)")
            return
        }
        #expect(location.timestamp.description == "2006-05-20T20:06:19.300Z")
        #expect(location.timestamp.nanosecondsSince1970 == 1_148_155_579_300_000_000)
    }
}

@Suite struct NMEALogEpochTests {
    static func events(_ bodies: [String], referenceDate: LocationTime? = nil) -> [LocationSourceEvent] {
        let text = bodies.map { $0.hasPrefix("#") ? $0 : NMEASentence.checksummed($0) }.joined(separator: "\r\n")
        return NMEALog(.text(text + "\r\n", name: "test.nmea"), referenceDate: referenceDate).allEvents()
    }

    static func readings(_ events: [LocationSourceEvent]) -> [Location] {
        events.compactMap { if case .reading(let location) = $0 { location } else { nil } }
    }

    static func failures(_ events: [LocationSourceEvent]) -> [LocationError] {
        events.compactMap { if case .failure(let error) = $0 { error } else { nil } }
    }

    static func skipped(_ events: [LocationSourceEvent]) -> [SkippedInput] {
        events.compactMap { if case .skipped(let input) = $0 { input } else { nil } }
    }

    @Test func datesGGAByTheZDAOfItsSecondBeforeOrAfterIt() {
        let before = Self.readings(
            Self.events([
                "GPZDA,051134.000,04,07,2012,,", "GPGGA,051134.000,4744.6980,N,12206.7275,W,1,05,1.9,135.4,M,-17.1,M,,",
            ]))
        #expect(before.map(\.timestamp.description) == ["2012-07-04T05:11:34.000Z"])
        let after = Self.readings(
            Self.events([
                "GPGGA,194050.00,4221.8237733,N,07101.9411707,W,1,08,3.3,10.835,M,-33.320,M,,",
                "GPZDA,194050.00,07,09,2018,00,00",
                "GPGGA,194050.50,4221.8237941,N,07101.9410746,W,1,08,3.3,10.526,M,-33.320,M,,",
            ]))
        #expect(after.map(\.timestamp.description) == ["2018-09-07T19:40:50.000Z", "2018-09-07T19:40:50.500Z"])
    }

    @Test func readsPositionsFromGNSAndGLLAlone() {
        let events = Self.events([
            "GNZDA,213712.000,12,02,2026,,",
            "GNGNS,213712.000,4111.59902,N,11156.54808,W,AANN,21,0.53,01482.5,-016.5,,",
            "GNGLL,4111.59903,N,11156.54809,W,213713.000,A,A",
        ])
        let readings = Self.readings(events)
        #expect(readings.count == 2, "\(events)")
        #expect(readings.first?.timestamp.description == "2026-02-12T21:37:12.000Z")
        #expect(readings.first?.altitude == 1482.5)
        #expect(readings.last?.timestamp.description == "2026-02-12T21:37:13.000Z")
        #expect(abs((readings.last?.coordinate.latitude ?? 0) - (41 + 11.59903 / 60)) < 1e-9)
    }

    @Test func skipsCommentsAndSentencesWithoutPositionsQuietly() {
        let events = Self.events([
            "# Name: a receiver", "PERC,GPver,GRU 04 01,NCD 901 65/1,R1E", "GPGSV,1,1,01,01,40,083,46",
            "AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0",
            "GPRMC,120000.00,A,3300.6002,N,09645.4754,W,0.5,90.0,010124,,,A",
        ])
        #expect(Self.failures(events).isEmpty, "\(events)")
        #expect(Self.readings(events).count == 1)
        #expect(Self.skipped(events).map(\.kind) == ["comment", "PERC", "GPGSV", "AIVDM"])
        #expect(Self.skipped(events).first?.subject == "test.nmea, line 1")
    }

    @Test func reportsAMalformedLineConciselyWithoutItsControlCharacters() {
        let events = NMEALog(.text("$GPGGA,1\u{1B}[2J,,*00\r\nfoobar\u{07}\n", name: "bad.nmea")).allEvents()
        let failures = Self.failures(events)
        #expect(failures.map(\.code) == [.badChecksum, .malformed])
        #expect(
            failures.allSatisfy {
                !$0.description.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
        #expect(failures.first?.description.contains("$GPGGA,1\\e[2J") == true, "\(failures)")
        #expect(failures.last?.subject == "bad.nmea, line 2")
        #expect((failures.last?.description.count ?? 999) < 140)
    }

    @Test func reportsTheLastPositionOfAnEpoch() {
        let readings = Self.readings(
            Self.events([
                "GPRMC,094737,A,5251.0093,N,00518.8170,E,5.6,230.5,200818,1.4,E,A",
                "GPGGA,094737,5251.0085,N,00518.8151,E,1,12,0.60,-4,M,46.8,M,,",
                "GPGLL,5251.0084,N,00518.8149,E,094737,A,A",
            ]))
        #expect(readings.count == 1)
        #expect(abs((readings.first?.coordinate.latitude ?? 0) - (52 + 51.0084 / 60)) < 1e-9)
        #expect(readings.first?.altitude == -4, "what GGA said stays")
        #expect(abs((readings.first?.speed ?? 0) - 5.6 * 1852 / 3600) < 1e-9, "and what RMC said")
    }

    @Test func aDateFromAnInvalidRMCIsNotUsed() {
        let events = Self.events([
            "GPRMC,120000.00,V,,,,,,,060180,,,N",
            "GPGGA,120001.00,3300.6002,N,09645.4754,W,1,08,0.9,200.0,M,-25.0,M,,",
        ])
        #expect(Self.readings(events).isEmpty)
        #expect(Self.failures(events).map(\.code) == [.noFix, .missingTime])
    }

    @Test func goesOnToTheNextDayAtMidnight() {
        let readings = Self.readings(
            Self.events([
                "GPRMC,235959.50,A,3300.6002,N,09645.4754,W,0.5,90.0,311224,,,A",
                "GPGGA,000000.50,3300.6002,N,09645.4754,W,1,08,0.9,200.0,M,-25.0,M,,",
            ]))
        #expect(readings.map(\.timestamp.description) == ["2024-12-31T23:59:59.500Z", "2025-01-01T00:00:00.500Z"])
    }

    @Test func readsPynmea2sRecordedStream() throws {
        // pynmea2's examples/data.log: a GGA, two sentences of no use, one it cannot parse, and MWV.
        let bytes = [UInt8](try Corpora.data("nmea/pynmea2/data.log"))
        let events = NMEALog(.bytes(bytes, name: "data.log")).allEvents()
        #expect(Self.skipped(events).map(\.kind) == ["GPRTE", "GPR00", "IIMWV"])
        #expect(Self.failures(events).map(\.code) == [.malformed, .missingTime], "\(events)")
        #expect(Self.failures(events).first?.subject == "data.log, line 4")
        let dated = NMEALog(
            .bytes(bytes, name: "data.log"), referenceDate: LocationTime(parsing: "2014-05-31T00:00:00Z")
        ).allEvents()
        let fix = try #require(Self.readings(dated).first)
        // $GPGGA,184353.07,1929.045,S,02410.506,E,1,04,2.6,100.00,M,…: as pynmea2 reads it.
        #expect(fix.timestamp.description == "2014-05-31T18:43:53.070Z")
        #expect(abs(fix.coordinate.latitude - -(19 + 29.045 / 60)) < 1e-12)
        #expect(abs(fix.coordinate.longitude - (24 + 10.506 / 60)) < 1e-12)
        #expect(fix.altitude == 100)
        #expect(fix.horizontalAccuracy == 2.6 * 5)
    }
}
