import FolioTestSupport
import Foundation
import Testing

@testable import FolioLocation

/// GeographicLib's own geodesic test sets (`corpora/geodesic/`), each line the reference's answer:
/// Folio reads both points as a user gives them (`LAT,LON`, longitudes beyond ±180 included) and
/// must agree within a micrometre, for the inverse problem and the direct one.
///
/// An azimuth is measured as GeographicLib's tests measure it: by how far its error moves the
/// other end of the geodesic, the error in radians times the reduced length `m12`. So a nearly
/// antipodal pair, whose azimuth the points barely determine (`m12` near 0), is held to its
/// distance and positions, not to a direction nothing fixes.
@Suite struct GeodesicCorpusTests {
    /// One line: `lat1 lon1 azi1 lat2 lon2 azi2 s12 a12 m12 …` (the rest is not compared).
    struct Case: Sendable {
        var line: Int
        var latitude1, longitude1, azimuth1, latitude2, longitude2, azimuth2, distance, reducedLength: Double
        var text: String
    }

    /// Metres: distances, the positions the direct problem reaches, and what azimuths move.
    static let tolerance = 1e-6

    static func cases(_ relative: String, separator: Character, hasHeader: Bool) throws -> [Case] {
        let text = String(decoding: try Corpora.data(relative), as: UTF8.self)
        var cases: [Case] = []
        for (index, line) in text.split(whereSeparator: \.isNewline).enumerated() where !(hasHeader && index == 0) {
            let fields = line.split(separator: separator).compactMap { Double($0) }
            try #require(fields.count >= 9, "\(relative), line \(index + 1): \(line)")
            cases.append(
                Case(
                    line: index + 1, latitude1: fields[0], longitude1: fields[1], azimuth1: fields[2],
                    latitude2: fields[3], longitude2: fields[4], azimuth2: fields[5], distance: fields[6],
                    reducedLength: fields[8], text: String(line)))
        }
        return cases
    }

    /// How far the difference between two bearings moves the far end of `test`'s geodesic, in metres.
    static func displacement(_ a: Double, _ b: Double, _ test: Case) -> Double {
        let difference = abs(Geodesic.normalizedBearing(a) - Geodesic.normalizedBearing(b))
        return min(difference, 360 - difference) * .pi / 180 * abs(test.reducedLength)
    }

    enum Outcome: String { case agreed, refused, wrong }

    /// Solves `test` both ways and says whether each answer is within ``tolerance`` of the
    /// reference, and the largest error in metres.
    static func check(_ test: Case, in name: String) -> (Outcome, Double) {
        let start: Coordinate
        let end: Coordinate
        do {
            start = try #require(try Coordinate(parsing: "\(test.latitude1),\(test.longitude1)"))
            end = try #require(try Coordinate(parsing: "\(test.latitude2),\(test.longitude2)"))
        } catch {
            Issue.record("\(name), line \(test.line): refused: \(error)")
            return (.refused, 0)
        }
        let inverse = start.geodesic(to: end)
        let direct = start.geodesic(bearing: test.azimuth1, distance: test.distance)
        let errors = [
            ("inverse distance", abs(inverse.distance - test.distance)),
            ("inverse azimuth 1", displacement(inverse.initialBearing, test.azimuth1, test)),
            ("inverse azimuth 2", displacement(inverse.finalBearing, test.azimuth2, test)),
            ("direct position", direct.end.distance(to: end)),
            ("direct azimuth 2", displacement(direct.finalBearing, test.azimuth2, test)),
        ]
        let wrong = errors.filter { !($0.1 <= tolerance) }
        for (what, error) in wrong {
            Issue.record("\(name), line \(test.line): \(what) is off by \(error) m: \(test.text)")
        }
        return (wrong.isEmpty ? .agreed : .wrong, errors.map(\.1).max() ?? 0)
    }

    static func tally(_ cases: [Case], name: String) -> [Outcome: Int] {
        var counts: [Outcome: Int] = [:]
        var largest = 0.0
        for test in cases {
            let (outcome, error) = check(test, in: name)
            counts[outcome, default: 0] += 1
            largest = max(largest, error)
        }
        print(
            "\(name): \(cases.count) cases, \(counts[.agreed] ?? 0) agreed, \(counts[.refused] ?? 0) refused, "
                + "\(counts[.wrong] ?? 0) wrong; largest error \(largest) m")
        return counts
    }

    @Test func agreesWithGeodTest100() throws {
        let cases = try Self.cases("geodesic/GeodTest-100.dat", separator: " ", hasHeader: false)
        #expect(cases.count == 100)
        #expect(Self.tally(cases, name: "GeodTest-100.dat")[.agreed] == cases.count)
    }

    @Test func agreesWithGeographicLibsOwnTestCases() throws {
        let cases = try Self.cases("geodesic/geographiclib-testcases.tsv", separator: "\t", hasHeader: true)
        #expect(cases.count == 20)
        #expect(cases.filter { abs($0.longitude1) > 180 || abs($0.longitude2) > 180 }.count == 7)
        #expect(Self.tally(cases, name: "geographiclib-testcases.tsv")[.agreed] == cases.count)
    }
}
