import FolioLocation
import Foundation

/// GPX files imported as `folio geo track import` and `POST /api/tracks` import them: streamed
/// into a track store (SQLite) in one transaction.
struct GPXTarget: InProcessTarget {
    var name: String { "gpx" }
    var summary: String { "GPX files through TrackStore.importGPX (streamed into SQLite)" }
    var fileExtension: String { "gpx" }

    var profile: MutationProfile {
        MutationProfile(
            tokens: XMLTokens.document + [
                "<trk>", "</trk>", "<trkseg>", "</trkseg>", "<rte>", "<rtept lat=\"1\" lon=\"2\"/>",
                "<wpt lat=\"91\" lon=\"181\"/>",
                " lat=\"-90.0000001\"", " lon=\"540\"", " lat=\"NaN\"", " lon=\"1e999\"", "<name>", "</name>",
                "<time>", "</time>", "2009-13-32T25:61:61Z", "2009-10-17T18:37:26.123456789123Z", "+14:00",
                "<ele>1e308</ele>",
                "<extensions>", "</extensions>", "version=\"1.0\"", "version=\"9\"",
                "xmlns=\"http://www.topografix.com/GPX/1/1\"",
            ],
            nesting: XMLTokens.nesting + [
                .init("<trk><trkseg>", "</trkseg></trk>"), .init("<extensions><a>", "</a></extensions>"),
            ],
            maximumSize: 1 << 19)
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        corpus.bundleFile("Samples/white-house-to-pentagon.gpx")
            + corpus.corpusFiles("gpx", suffixes: [".gpx"], limit: 1 << 17)
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        let path = scratch + "/tracks.db"
        do {
            let store = try TrackStore(path: path)
            _ = try store.importGPX(.bytes(input, name: "fuzz.gpx"))
            if try store.tracks().count > 200 {
                try FileManager.default.removeItem(atPath: path)
            }
            return .accepted
        } catch let error as LocationError {
            return .refused(error, code: error.code.description)
        } catch {
            return .refused(error, code: nil)
        }
    }
}
