import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

/// gpsd's regression logs from real receivers (`corpora/nmea/gpsd-regressions/`), each with the
/// reports gpsd makes of it (`.chk`, one JSON object a line): every fix gpsd reports with a time
/// (a `TPV` with `mode` ≥ 2) must be a Folio fix at the same time, to the millisecond as gpsd
/// prints it, and at the same position within 1e-6°.
///
/// Where Folio and gpsd differ by design, the difference is named here, counted, and held to its
/// count (``known``); everything else must agree.
@Suite struct NMEACorpusTests {
    static let folder = "nmea/gpsd-regressions"
    static let tolerance = 1e-6

    /// What gpsd reported for one log.
    struct Reference {
        /// The positions of its fixes with a time, by the time as gpsd prints it.
        var fixes: [String: [(latitude: Double, longitude: Double)]] = [:]
        /// The times of all its TPV reports, with a fix or not.
        var reportedTimes: Set<String> = []
        /// The positions of the fixes it reported without a time (no date known yet).
        var untimed: [(latitude: Double, longitude: Double)] = []
    }

    /// How Folio's reading of a log compares with gpsd's.
    struct Comparison: CustomStringConvertible {
        var log: String
        var gpsdFixes = 0
        var gpsdUntimed = 0
        var folioFixes = 0
        /// gpsd's fixes that Folio has at the same time and position.
        var agreed = 0
        /// gpsd's fixes at a time Folio has no fix for.
        var refused = 0
        /// gpsd's fixes that Folio has at the same time but elsewhere.
        var wrong = 0
        /// Folio's fixes at a time gpsd reports without a fix: a disagreement.
        var gpsdSaysNoFix = 0
        /// Folio's fixes gpsd reports without a time: the epoch's own RMC dates them for Folio.
        var datedByTheirEpoch = 0
        /// Folio's fix of the log's last second, which gpsd does not report: it reports a second
        /// when the next one begins.
        var lastOfLog = 0
        /// Folio's other fixes at times gpsd makes no report at all: its end-of-cycle detector
        /// passed over them.
        var unreported = 0
        var notes: [String] = []

        var description: String {
            "\(log): gpsd \(gpsdFixes) timed fixes (+\(gpsdUntimed) untimed), Folio \(folioFixes): "
                + "\(agreed) agreed, \(refused) refused, \(wrong) wrong, \(gpsdSaysNoFix) where gpsd has no fix; "
                + "\(datedByTheirEpoch) gpsd left undated, \(lastOfLog) last of the log, \(unreported) others gpsd "
                + "did not report"
        }
    }

    /// A difference from gpsd that Folio makes on purpose, in one log.
    struct KnownDifference {
        var refused = 0
        var wrong = 0
        /// Weeks gpsd moves the dates on (its guess at a GPS week rollover); Folio keeps the date
        /// the receiver sent, so gpsd's times are moved back by this before comparing.
        var gpsdRolloverWeeks = 0
        var why: String
    }

    static let known: [String: KnownDifference] = [
        "neo-m8n.log": KnownDifference(
            gpsdRolloverWeeks: 1024,
            why: "gpsd dates the fixes 1024 weeks after the receiver's 2015-03-18 (a GPS week-rollover guess)"),
        "rst39.log": KnownDifference(
            gpsdRolloverWeeks: 1024,
            why: "gpsd dates the fixes 1024 weeks after the receiver's 2014-02-19 (a GPS week-rollover guess)"),
        "bundg_zeus_9.log": KnownDifference(
            wrong: 38,
            why: """
                the receiver gives three positions up to 3 m apart for one second (RMC, GGA, GLL, whose \
                time runs a second ahead); Folio reports the epoch's last, gpsd whichever its cycle \
                detector had when it reported
                """),
    ]

    static func reference(_ chk: String) throws -> Reference {
        var reference = Reference()
        let text = String(decoding: try Corpora.data("\(folder)/\(chk)"), as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            let parsed: Any
            do {
                parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
            } catch {
                Issue.record("\(chk): gpsd's report is not JSON: \(error): \(line.prefix(300))")
                continue
            }
            guard let object = parsed as? [String: Any],
                object["class"] as? String == "TPV"
            else { continue }
            let time = object["time"] as? String
            if let time { reference.reportedTimes.insert(time) }
            guard (object["mode"] as? Int ?? 0) >= 2, let latitude = object["lat"] as? Double,
                let longitude = object["lon"] as? Double
            else { continue }
            if let time {
                reference.fixes[time, default: []].append((latitude, longitude))
            } else {
                reference.untimed.append((latitude, longitude))
            }
        }
        return reference
    }

    /// `time` as gpsd prints it: milliseconds, rounded.
    static func gpsdForm(_ time: LocationTime) -> String {
        let rounded = (time.nanosecondsSince1970 + 500_000).quotientAndRemainder(dividingBy: 1_000_000).quotient
        return LocationTime(nanosecondsSince1970: rounded * 1_000_000).description
    }

    static func compare(_ log: String) throws -> Comparison {
        var reference = try reference(log + ".chk")
        let difference = known[log]
        if let weeks = difference?.gpsdRolloverWeeks, weeks > 0 {
            var moved: [String: [(latitude: Double, longitude: Double)]] = [:]
            for (text, positions) in reference.fixes {
                let time = try #require(LocationTime(parsing: text))
                moved[(time + .seconds(-weeks * 7 * 86_400)).description] = positions
            }
            reference.fixes = moved
            reference.reportedTimes = Set(
                try reference.reportedTimes.map {
                    (try #require(LocationTime(parsing: $0)) + .seconds(-weeks * 7 * 86_400)).description
                })
        }
        let bytes = [UInt8](try Corpora.data("\(folder)/\(log)"))
        var folio: [String: Location] = [:]
        for event in NMEALog(.bytes(bytes, name: log)).allEvents() {
            if case .reading(let location) = event { folio[gpsdForm(location.timestamp)] = location }
        }
        var comparison = Comparison(log: log)
        comparison.gpsdFixes = reference.fixes.count
        comparison.gpsdUntimed = reference.untimed.count
        comparison.folioFixes = folio.count
        func near(_ location: Location, _ position: (latitude: Double, longitude: Double)) -> Bool {
            abs(location.coordinate.latitude - position.latitude) <= tolerance
                && abs(location.coordinate.longitude - position.longitude) <= tolerance
        }
        for (time, positions) in reference.fixes.sorted(by: { $0.key < $1.key }) {
            guard let location = folio[time] else {
                comparison.refused += 1
                comparison.notes.append("refused \(time)")
                continue
            }
            #expect(location.timestamp.description.hasPrefix(String(time.dropLast())), "\(log): \(location)")
            if positions.contains(where: { near(location, $0) }) {
                comparison.agreed += 1
            } else {
                comparison.wrong += 1
                comparison.notes.append("wrong at \(time): \(location.coordinate), gpsd \(positions.last ?? (0, 0))")
            }
        }
        let last = folio.keys.max()
        for (time, location) in folio where reference.fixes[time] == nil {
            if time == last {
                comparison.lastOfLog += 1
            } else if reference.untimed.contains(where: { near(location, $0) }) {
                comparison.datedByTheirEpoch += 1
            } else if reference.reportedTimes.contains(time) {
                comparison.gpsdSaysNoFix += 1
                comparison.notes.append("gpsd has no fix at \(time), Folio \(location.coordinate)")
            } else {
                comparison.unreported += 1
            }
        }
        return comparison
    }

    @Test func everyFixGpsdReportsIsFolios() throws {
        let logs = try Corpora.files(in: Self.folder, endingWith: ".log")
        #expect(logs.count == 109)
        var total = Comparison(log: "all \(logs.count) logs")
        for log in logs {
            let comparison = try Self.compare(log)
            let expected = Self.known[log]
            #expect(comparison.refused == expected?.refused ?? 0, "\(comparison)\n\(comparison.notes.prefix(5))")
            #expect(comparison.wrong == expected?.wrong ?? 0, "\(comparison)\n\(comparison.notes.prefix(5))")
            #expect(comparison.gpsdSaysNoFix == 0, "\(comparison)\n\(comparison.notes.prefix(5))")
            if comparison.gpsdFixes > 0 {
                #expect(comparison.agreed > 0, "\(comparison)")
            }
            if !comparison.notes.isEmpty || expected != nil {
                print(comparison)
            }
            total.gpsdFixes += comparison.gpsdFixes
            total.gpsdUntimed += comparison.gpsdUntimed
            total.folioFixes += comparison.folioFixes
            total.agreed += comparison.agreed
            total.refused += comparison.refused
            total.wrong += comparison.wrong
            total.gpsdSaysNoFix += comparison.gpsdSaysNoFix
            total.datedByTheirEpoch += comparison.datedByTheirEpoch
            total.lastOfLog += comparison.lastOfLog
            total.unreported += comparison.unreported
        }
        print(total)
    }
}
