import FolioLocation
import Foundation

/// NMEA 0183 logs replayed as ``NMEALog`` does for `folio geo watch --nmea`, and every line
/// parsed as a sentence.
///
/// Half of the mutated inputs get their checksums written again after mutating, so that the
/// fields behind a valid checksum are reached, not only the checksum test.
struct NMEATarget: InProcessTarget {
    var name: String { "nmea" }
    var summary: String { "NMEA logs through NMEALog (fixes) and NMEASentence (each line)" }
    var fileExtension: String { "nmea" }

    var profile: MutationProfile {
        var profile = MutationProfile(
            tokens: [
                "$GP", "$GPGGA,", "$GPRMC,", "$GNGNS,", "$GPGLL,", "$GPZDA,", "$GPGSV,", "$GNRMC,", "!AIVDM,",
                "$PGRMZ,",
                "*", "*00", "*FF", "*G", ",", ",,,,,,,,", "#", "$", "N", "S", "E", "W", "A", "V", "235959.99",
                "240000", "246060.1", "9000.0000", "18000.0000", "4916.45", "12311.12", "991231", "320199",
                "000000", "999999", "-", ".", "..", "1.", "-0.0",
                "\r\n$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n",
            ],
            maximumSize: 1 << 19)
        profile.repair = NMEATarget.fixChecksums
        return profile
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        corpus.corpusFiles("nmea/gpsd-regressions", suffixes: [".log"], count: 40, limit: 16 << 10)
            + corpus.corpusFiles("nmea/pynmea2", suffixes: [".log"], limit: 16 << 10)
            + [
                Seed(
                    name: "gga-rmc.nmea",
                    bytes: Array(
                        ("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\r\n"
                            + "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n"
                            + "$GPGGA,123520.25,4807.038,S,01131.000,W,2,12,0.5,-10.0,M,46.9,M,1.0,0001*55\r\n")
                            .utf8))
            ]
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        var fixes = 0
        var lastFailure: LocationError?
        var leaks = false
        var leakingMessage = ""
        func note(_ message: String) {
            if !leaks && Verdict.hasControlCharacters(message) {
                leaks = true
                leakingMessage = message
            }
        }
        for event in NMEALog(.bytes(input, name: "fuzz.nmea")).allEvents() {
            switch event {
            case .reading:
                fixes += 1
            case .failure(let error):
                lastFailure = error
                note(error.description)
            case .skipped:
                continue
            }
        }
        var lines = 0
        for line in input.split(separator: UInt8(ascii: "\n")) where lines < 4_000 {
            lines += 1
            do {
                _ = try NMEASentence(parsing: String(decoding: line, as: UTF8.self))
            } catch {
                note(error.description)
            }
        }
        if fixes == 0, let lastFailure {
            return .refused(
                code: lastFailure.code.description, leaksControls: leaks,
                message: leaks ? leakingMessage : lastFailure.description)
        }
        return leaks
            ? .refused(code: "fixes, and messages that leak", leaksControls: true, message: leakingMessage) : .accepted
    }

    /// Writes the checksum of every `$…*HH` line again, in one of two inputs (the choice follows
    /// from the generator, so a case makes the same input every time).
    static func fixChecksums(_ bytes: [UInt8], random: inout FuzzRandom) -> [UInt8] {
        guard random.oneIn(2) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if index > 0 { output.append(UInt8(ascii: "\n")) }
            guard let dollar = line.firstIndex(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "!") }),
                let star = line[dollar...].lastIndex(of: UInt8(ascii: "*")),
                line.distance(from: star, to: line.endIndex) >= 3
            else {
                output += line
                continue
            }
            let checksum = line[line.index(after: dollar)..<star].reduce(0, ^)
            let digits = Array("0123456789ABCDEF".utf8)
            output += line[..<line.index(after: star)]
            output += [digits[Int(checksum >> 4)], digits[Int(checksum & 0xF)]]
            output += line[line.index(star, offsetBy: 3)...]
        }
        return output
    }
}
