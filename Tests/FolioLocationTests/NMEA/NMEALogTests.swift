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
