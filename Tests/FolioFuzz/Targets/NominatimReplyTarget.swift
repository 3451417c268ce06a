import FolioLocation
import Foundation

/// Replies of a Nominatim-compatible geocoding service, read by ``NominatimReply`` as
/// `folio geo … --service nominatim:URL` reads them: a placemark in range, or a clear error.
struct NominatimReplyTarget: InProcessTarget {
    var name: String { "nominatim" }
    var summary: String { "Nominatim jsonv2 search replies through NominatimReply (positions checked)" }
    var fileExtension: String { "json" }

    var profile: MutationProfile {
        MutationProfile(
            tokens: [
                "[", "]", "{", "}", ",", ":", "\"", "null", "true", "1e999", "-1e999", "\"NaN\"", "\"Infinity\"",
                "\"lat\":", "\"lon\":", "\"91.0\"", "\"-90.0000001\"", "\"181\"", "\"0x1p3\"", "\"+1\"", "\" 1\"",
                "\"display_name\":", "\"place_rank\":", "30", "-1", "99999999999999999999", "\"addresstype\":",
                "\"postcode\"", "\"address\":", "{\"postcode\":\"SW1A\"}", "\"error\":",
                "{\"code\":400,\"message\":\"x\"}",
                "\"\\u001b[31m\"", "\"\\ud800\"", "\u{FEFF}",
            ],
            nesting: [.init("[", "]"), .init("{\"address\":", "}")],
            maximumSize: 1 << 16)
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        [
            Seed(
                name: "downing-street.json",
                bytes: Array(
                    #"[{"place_id":1234,"lat":"51.50344025","lon":"-0.12770820958562096","category":"building","#
                        .utf8)
                    + Array(
                        #""place_rank":30,"addresstype":"building","display_name":"10 Downing Street, London","#.utf8)
                    + Array(#""address":{"postcode":"SW1A 2AA"}}]"#.utf8)),
            Seed(name: "empty.json", bytes: Array("[]".utf8)),
            Seed(name: "error.json", bytes: Array(#"{"error":{"code":400,"message":"Nothing to search for."}}"#.utf8)),
        ]
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        do {
            let place = try NominatimReply.placemark(from: Data(input), query: "fuzz")
            guard place.coordinate.isValid, abs(place.coordinate.longitude) <= 180 else {
                throw Violation("a position out of range was accepted: \(place.coordinate)")
            }
            guard !Verdict.hasControlCharacters(place.name) else {
                throw Violation("the place's name keeps control characters: \(place.name.debugDescription)")
            }
            return .accepted
        } catch let violation as Violation {
            throw violation
        } catch let error as LocationError {
            return .refused(error, code: error.code.description)
        } catch {
            return .refused(error, code: nil)
        }
    }
}
