import BenchmarkSupport
import FolioLocation
import Foundation

/// The 10-mile radius query over the zip gazetteer (42,789 zip codes), around 50 zip code
/// centroids spread over the country: with the bounding-box prefilter and without it (the
/// geodesic distance() on every row). Median and 95th percentile of the per-query times.
func gazetteerBenchmark() throws {
    let path =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/FolioResources/Folio.app/Gazetteer/zipcodes.db").path
    let gazetteer = try Gazetteer(path: path)
    let total = try gazetteer.count()
    var generator = SplitMix(state: 7)
    var centers: [Coordinate] = []
    while centers.count < 50 {
        let zip = String(format: "%05d", Int.random(in: 1000...99_950, using: &generator))
        if let record = try gazetteer.zipCode(zip) { centers.append(record.coordinate) }
    }
    let radius = Distance(10, .miles).meters
    func measure(prefilter: Bool) throws -> (median: Double, p95: Double, found: Int) {
        _ = try gazetteer.zipCodes(within: radius, of: centers[0], usesPrefilter: prefilter)  // warm up
        var times: [Double] = []
        var found = 0
        for center in centers {
            let start = now()
            found += try gazetteer.zipCodes(within: radius, of: center, usesPrefilter: prefilter).count
            times.append(now() - start)
        }
        times.sort()
        return (times[times.count / 2], times[times.count * 95 / 100], found)
    }
    let fast = try measure(prefilter: true)
    let full = try measure(prefilter: false)
    precondition(fast.found == full.found, "the prefilter changed the results")
    print("### Zip codes within 10 miles (\(total) zip codes, 50 centres)\n")
    print("| query | median | p95 | zip codes found (all centres) | ratio |")
    print("|---|---:|---:|---:|---:|")
    print(
        String(
            format: "| `distance()` on every row | %.2f ms | %.2f ms | %d | 1.00× |", full.median * 1000,
            full.p95 * 1000, full.found))
    print(
        String(
            format: "| bounding-box prefilter, then `distance()` | %.2f ms | %.2f ms | %d | %.1f× faster |",
            fast.median * 1000, fast.p95 * 1000, fast.found, full.median / fast.median))
    print()
}
