import Testing

@testable import FolioLocation

@Suite struct NMEASentenceTests {
    static let gga = "$GPGGA,120000.00,3300.6002,N,09645.4754,W,1,08,0.9,200.0,M,-25.0,M,,*5C"
    static let rmc = "$GPRMC,120000.00,A,3300.6002,N,09645.4754,W,0.5,90.0,010124,,,A*7D"

    @Test func readsAFix() throws {
        guard case .fix(let fix) = try NMEASentence(parsing: Self.gga + "\r\n") else {
            Issue.record("not a GGA")
            return
        }
        let coordinate = try #require(fix.coordinate)
        #expect(abs(coordinate.latitude - 33.010003) < 1e-6)
        #expect(abs(coordinate.longitude - -96.757923) < 1e-6)
        #expect(fix.time == NMEASentence.TimeOfDay(nanoseconds: 43_200_000_000_000))
        #expect(fix.quality == 1)
        #expect(fix.satellites == 8)
        #expect(fix.horizontalDilution == 0.9)
        #expect(fix.altitude == 200)
    }

    @Test func readsARecommendedMinimum() throws {
        guard case .recommendedMinimum(let record) = try NMEASentence(parsing: Self.rmc) else {
            Issue.record("not an RMC")
            return
        }
        #expect(record.isValid)
        #expect(record.day == 19_723)
        #expect(abs((record.speed ?? 0) - 0.5 * 1852 / 3600) < 1e-12)
        #expect(record.course == 90)
    }

    @Test func refusesABadChecksum() {
        let corrupted = Self.gga.replacingOccurrences(of: "3300.6002", with: "3300.6003")
        do {
            _ = try NMEASentence(parsing: corrupted)
            Issue.record("accepted a corrupted sentence")
        } catch {
            #expect(error.code == .badChecksum)
            #expect(error.reason.contains("checksum is 5C"))
        }
    }

    @Test func refusesSentencesWithoutChecksumOrDollar() {
        #expect(throws: LocationError.self) { try NMEASentence(parsing: "$GPGGA,120000.00,,,,,0,,,,,,,,") }
        #expect(throws: LocationError.self) { try NMEASentence(parsing: "GPGGA,1*00") }
    }

    @Test func emptyFieldsAreNoFixNeverZeroZero() throws {
        let sentence = NMEASentence.checksummed("GPGGA,120000.00,,,,,0,00,,,M,,M,,")
        guard case .fix(let fix) = try NMEASentence(parsing: sentence) else {
            Issue.record("not a GGA")
            return
        }
        #expect(fix.coordinate == nil)
        let void = NMEASentence.checksummed("GPRMC,120000.00,V,,,,,,,010124,,,N")
        guard case .recommendedMinimum(let record) = try NMEASentence(parsing: void) else {
            Issue.record("not an RMC")
            return
        }
        #expect(record.coordinate == nil)
        #expect(!record.isValid)
    }

    @Test func refusesOutOfRangeLatitude() {
        let sentence = NMEASentence.checksummed("GPGGA,120000.00,9100.0000,N,09645.4754,W,1,08,0.9,200.0,M,,M,,")
        do {
            _ = try NMEASentence(parsing: sentence)
            Issue.record("accepted latitude 91")
        } catch {
            #expect(error.code == .invalidCoordinate)
            #expect(error.reason.contains("beyond 90 degrees"))
        }
        let minutes = NMEASentence.checksummed("GPGGA,120000.00,3375.0000,N,09645.4754,W,1,08,0.9,200.0,M,,M,,")
        #expect(throws: LocationError.self) { try NMEASentence(parsing: minutes) }
    }

    @Test func skipsOtherSentenceTypes() throws {
        let sentence = NMEASentence.checksummed("GPGSV,1,1,01,01,40,083,46")
        #expect(try NMEASentence(parsing: sentence) == .other(talker: "GP", type: "GSV"))
        let glonass = NMEASentence.checksummed("GNRMC,120000.00,A,3300.6002,N,09645.4754,W,0.5,90.0,010124,,,A")
        guard case .recommendedMinimum = try NMEASentence(parsing: glonass) else {
            Issue.record("GN talker not read")
            return
        }
    }
}
