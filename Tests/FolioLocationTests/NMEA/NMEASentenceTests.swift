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
        let error = #expect(throws: LocationError.self) { try NMEASentence(parsing: "$GPGGA,120000.00,,,,,0,,,,,,,,") }
        #expect(error?.code == .malformed)
        let error2 = #expect(throws: LocationError.self) { try NMEASentence(parsing: "GPGGA,1*00") }
        #expect(error2?.code == .malformed)
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
        let error = #expect(throws: LocationError.self) { try NMEASentence(parsing: minutes) }
        #expect(error?.code == .invalidCoordinate)
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

@Suite struct NMEASentenceKindsTests {
    @Test func readsAGeographicPosition() throws {
        let sentence = NMEASentence.checksummed("GNGLL,4111.59880,N,11156.56667,W,170600.000,A,A")
        guard case .geographicPosition(let position) = try NMEASentence(parsing: sentence) else {
            Issue.record("not a GLL")
            return
        }
        let coordinate = try #require(position.coordinate)
        #expect(abs(coordinate.latitude - 41.193313333) < 1e-9)
        #expect(abs(coordinate.longitude - -111.942777833) < 1e-9)
        #expect(position.time?.description == "17:06:00.000")
        let void = NMEASentence.checksummed("GPGLL,3854.5087,N,07726.4523,W,125106,V,S")
        guard case .geographicPosition(let invalid) = try NMEASentence(parsing: void) else {
            Issue.record("not a GLL")
            return
        }
        #expect(invalid.coordinate == nil, "status V is no fix")
        #expect(invalid.time?.description == "12:51:06.000")
    }

    @Test func readsAGNSSFix() throws {
        let sentence = NMEASentence.checksummed(
            "GNGNS,170600.000,4111.59880,N,11156.56667,W,AANN,21,0.53,01443.9,-016.5,,")
        guard case .gnssFix(let fix) = try NMEASentence(parsing: sentence) else {
            Issue.record("not a GNS")
            return
        }
        #expect(fix.coordinate != nil)
        #expect(fix.modes == "AANN")
        #expect(fix.satellites == 21)
        #expect(fix.horizontalDilution == 0.53)
        #expect(fix.altitude == 1443.9)
        for body in [
            "GNGNS,170600.000,4111.59880,N,11156.56667,W,NNNN,00,,,,,",
            "GNGNS,170600.000,4111.59880,N,11156.56667,W,AA,21,0.5,1,2,,,V",
        ] {
            guard case .gnssFix(let noFix) = try NMEASentence(parsing: NMEASentence.checksummed(body)) else {
                Issue.record("not a GNS: \(body)")
                continue
            }
            #expect(noFix.coordinate == nil, "\(body)")
        }
    }

    @Test func readsTimeAndDate() throws {
        guard case .timeAndDate(let zda) = try NMEASentence(parsing: "$GPZDA,051134.000,04,07,2012,,*56") else {
            Issue.record("not a ZDA")
            return
        }
        #expect(zda.day == LocationTime.daysFromCivil(year: 2012, month: 7, day: 4))
        #expect(zda.time?.description == "05:11:34.000")
        let empty = try NMEASentence(parsing: NMEASentence.checksummed("GPZDA,,,,,,"))
        #expect(empty == .timeAndDate(NMEASentence.TimeAndDate(time: nil, day: nil)))
        let error = #expect(throws: LocationError.self) {
            try NMEASentence(parsing: NMEASentence.checksummed("GPZDA,051134,31,02,2012,,"))
        }
        #expect(error?.code == .malformed)
    }

    @Test func namesProprietaryAndAISSentences() throws {
        #expect(
            try NMEASentence(parsing: "$PERC,GPver,GRU 04 01,NCD 901 65/1,R1E,E640226882.2050*0B")
                == .proprietary("PERC"))
        #expect(
            try NMEASentence(parsing: "!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26")
                == .other(talker: "AI", type: "VDM"))
    }

    @Test func aDifferentialRMCIsValidAndFewerThanThreeSatellitesIsNoFix() throws {
        let differential = NMEASentence.checksummed(
            "GPRMC,113938.50,D,3842.86006889,N,11705.43645510,W,0.011,46.405,231122,,,D")
        guard case .recommendedMinimum(let rmc) = try NMEASentence(parsing: differential) else {
            Issue.record("not an RMC")
            return
        }
        #expect(rmc.isValid && rmc.coordinate != nil)
        let twoSatellites = NMEASentence.checksummed(
            "GPGGA,194050.00,4221.8237733,N,07101.9411707,W,1,00,3.3,10.8,M,-33.3,M,,")
        guard case .fix(let gga) = try NMEASentence(parsing: twoSatellites) else {
            Issue.record("not a GGA")
            return
        }
        #expect(gga.coordinate == nil, "gpsd's rule: fewer than three satellites in use is no fix")
    }

    @Test func readsASentenceAfterSpacesAndPositionsWithMoreDigits() throws {
        guard
            case .recommendedMinimum(let rmc) = try NMEASentence(
                parsing: " $GNRMC,074157.799,A,3114.8902,N,12135.2443,E,0.32,4.94,250215,,,A*7F")
        else {
            Issue.record("not an RMC")
            return
        }
        #expect(abs((rmc.coordinate?.latitude ?? 0) - 31.248170) < 1e-6)
        #expect(rmc.time?.description == "07:41:57.799")
    }
}
