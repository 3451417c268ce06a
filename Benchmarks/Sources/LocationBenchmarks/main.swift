// Location benchmarks, release build:
//   1. distance calls per second: Coordinate.distance(to:) against PROJ's geod_inverse called
//      directly from this program (the same pairs, the same run, best of five rounds);
//   2. parsing a GPX file of 1,000,000 track points with GPXReader, in a fresh process so its
//      peak memory (VmHWM) is its own, against Python's streaming expat parser (iterparse);
//   3. the 10-mile radius query over the zip gazetteer, with and without the bounding-box
//      prefilter (Gazetteer+Benchmark.swift).
import BenchmarkSupport
import CBenchGeodesic
import FolioFiles
import FolioLocation
import FolioSandbox
import Foundation
import Glibc

/// A deterministic generator, so every run measures the same pairs.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - Distance

func distanceBenchmark() {
    let count = 1_000_000
    var generator = SplitMix(state: 42)
    var latitudes1 = [Double]()
    var longitudes1 = [Double]()
    var latitudes2 = [Double]()
    var longitudes2 = [Double]()
    for _ in 0..<count {
        latitudes1.append(Double.random(in: -90...90, using: &generator))
        longitudes1.append(Double.random(in: -180...180, using: &generator))
        latitudes2.append(Double.random(in: -90...90, using: &generator))
        longitudes2.append(Double.random(in: -180...180, using: &generator))
    }
    let starts = (0..<count).map { Coordinate(latitude: latitudes1[$0], longitude: longitudes1[$0]) }
    let ends = (0..<count).map { Coordinate(latitude: latitudes2[$0], longitude: longitudes2[$0]) }
    var geodesic = geod_geodesic()
    geod_init(&geodesic, 6_378_137, 1 / 298.257_223_563)

    func direct() -> (Double, Double) {
        let start = now()
        var total = 0.0
        for index in 0..<count {
            var distance = 0.0
            geod_inverse(
                &geodesic, latitudes1[index], longitudes1[index], latitudes2[index], longitudes2[index], &distance,
                nil, nil)
            total += distance
        }
        return (now() - start, total)
    }
    func folio() -> (Double, Double) {
        let start = now()
        var total = 0.0
        for index in 0..<count {
            total += starts[index].distance(to: ends[index])
        }
        return (now() - start, total)
    }
    var bestDirect = Double.infinity
    var bestFolio = Double.infinity
    for _ in 0..<5 {
        let (directTime, directTotal) = direct()
        let (folioTime, folioTotal) = folio()
        precondition(directTotal == folioTotal, "Folio's distances differ from geod_inverse's")
        bestDirect = min(bestDirect, directTime)
        bestFolio = min(bestFolio, folioTime)
    }
    let directRate = Double(count) / bestDirect
    let folioRate = Double(count) / bestFolio
    print("### Distance (\(count) random pairs, best of 5)\n")
    print("| case | calls/s | ratio |")
    print("|---|---:|---:|")
    print(String(format: "| `geod_inverse` from C (PROJ) | %.2f M | 1.00× |", directRate / 1e6))
    print(String(format: "| `Coordinate.distance(to:)` | %.2f M | %.2f× |", folioRate / 1e6, folioRate / directRate))
    print()
}

// MARK: - GPX

let benchmarkRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("data/location").path

func container() throws -> Container {
    try FileManager.default.createDirectory(atPath: benchmarkRoot + "/bundle", withIntermediateDirectories: true)
    return try Container(root: benchmarkRoot + "/home", bundle: benchmarkRoot + "/bundle")
}

let gpxPath = "tmp/million.gpx"

func writeGPX(points: Int) throws {
    let files = Files(try container())
    let path = try SandboxPath(parsing: gpxPath)
    if try files.exists(path) { return }
    let start = Coordinate(latitude: 38.8977, longitude: -77.0365)
    let epoch: Int64 = 1_704_110_400
    try files.write(to: path) { file in
        let writer = GPXWriter(creator: "Folio benchmarks", name: "A million points") { try file.write($0) }
        try writer.beginTrack(name: "Long walk")
        for index in 0..<points {
            if index % 10_000 == 0 { try writer.beginSegment() }
            let position = start.destination(bearing: Double(index % 360), distance: Double(index % 5000))
            try writer.write(
                Location(
                    coordinate: position, altitude: 20, horizontalAccuracy: 5, verticalAccuracy: 7.5,
                    timestamp: LocationTime(nanosecondsSince1970: (epoch + Int64(index)) * 1_000_000_000)))
        }
        try writer.finish()
    }
}

/// Parses the file in this process and prints "seconds points peakKiB".
func parseGPX() throws {
    let files = Files(try container())
    let begin = now()
    let reader = try GPXReader(.file(try SandboxPath(parsing: gpxPath), in: files))
    var points = 0
    while let item = try reader.next() {
        if case .point = item { points += 1 }
    }
    print(now() - begin, points, peakMemory())
}

/// Runs this program again with `arguments` and returns the words it printed.
func runSelf(_ arguments: [String]) -> [String] {
    words(spawn([CommandLine.arguments[0]] + arguments, outputPath: benchmarkRoot + "/case.out", capture: true))
}

/// Python's streaming expat parser over the same file: seconds, points and peak KiB.
func pythonIterparse(_ file: String) -> [String] {
    let script = """
        import resource, sys, time, xml.etree.ElementTree as ET
        start = time.monotonic(); points = 0
        for event, element in ET.iterparse(sys.argv[1]):
            if element.tag.endswith("}trkpt"):
                points += 1
            element.clear()
        print(time.monotonic() - start, points, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
        """
    return words(spawn(["python3", "-c", script, file], outputPath: benchmarkRoot + "/python.out", capture: true))
}

func words(_ run: CommandRun) -> [String] {
    precondition(run.status == 0, "a benchmark case failed")
    return run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

func gpxBenchmark() throws {
    let points = 1_000_000
    try writeGPX(points: points)
    let file = benchmarkRoot + "/home/" + gpxPath
    let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    let baseline = runSelf(["--case", "baseline"])
    var folio: [[String]] = []
    var python: [[String]] = []
    for _ in 0..<3 {
        folio.append(runSelf(["--case", "parse-gpx"]))
        python.append(pythonIterparse(file))
    }
    func median(_ runs: [[String]], _ column: Int) -> Double {
        BenchmarkSupport.median(runs.compactMap { Double($0[column]) })
    }
    let folioTime = median(folio, 0)
    let pythonTime = median(python, 0)
    precondition(folio.allSatisfy { $0[1] == String(points) }, "Folio read \(folio.map { $0[1] }) points")
    precondition(python.allSatisfy { $0[1] == String(points) }, "iterparse read \(python.map { $0[1] }) points")
    print(
        "### GPX parsing (\(points) track points, \(String(format: "%.0f", Double(size) / 1_048_576)) MiB, median of 3)\n"
    )
    print("| case | time | points/s | peak memory | ratio |")
    print("|---|---:|---:|---:|---:|")
    print(
        String(
            format: "| Python `xml.etree.ElementTree.iterparse` (expat, streaming) | %.2f s | %.2f M | %@ | 1.00× |",
            pythonTime, Double(points) / pythonTime / 1e6, mebibytes(Int(median(python, 2)))))
    print(
        String(
            format: "| Folio `GPXReader` | %.2f s | %.2f M | %@ | %.2f× |", folioTime,
            Double(points) / folioTime / 1e6, mebibytes(Int(median(folio, 2))), pythonTime / folioTime))
    print("\nThe same program without parsing peaks at \(mebibytes(Int(baseline.last ?? "") ?? 0)).\n")
}

// MARK: - Main

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--case"), index + 1 < arguments.count {
    switch arguments[index + 1] {
    case "parse-gpx": try parseGPX()
    case "baseline": print(0, 0, peakMemory())
    default: fatalError("unknown case")
    }
    exit(0)
}
print("## Location (`Benchmarks/run location`)\n")
distanceBenchmark()
try gpxBenchmark()
try gazetteerBenchmark()
