import FolioDatabase
import Foundation

/// FolioDatabase against the raw SQLite C API, in one run: see Benchmarks/RESULTS.md.
///   DatabaseBenchmarks [rows]              the row benchmarks (default 1,000,000 rows)
///   DatabaseBenchmarks blob [DIR]          stream the largest BLOB in and out (files in DIR, /tmp)
///   DatabaseBenchmarks ROWS MODE           one side of one benchmark in a loop, for `perf record`:
///                                          insert, insert-c, fetch, fetch-c, decode
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "blob" {
    // The BLOB benchmark runs in a process of its own, so its peak memory is its own.
    let scratch = Scratch(base: arguments.dropFirst().first ?? "/tmp")
    // Debian builds SQLite with SQLITE_MAX_LENGTH = 1,000,000,000 bytes for a whole row, so this is
    // about the largest BLOB it stores; a full GiB is refused (the run shows the error).
    try BlobBenchmark.run(directory: scratch.path, size: 999_999_000)
    exit(0)
}
let rows = arguments.first.flatMap { Int($0) } ?? 1_000_000
let rounds = 11

/// The CPU time the calling thread spends in `body`, in seconds: time the thread waits while
/// other processes run on the shared machine is not counted.
func time(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}

/// The fastest run of each side over `rounds` runs, alternating which goes first: on a shared
/// machine the fastest run is the one least disturbed by other work.
func compare(_ name: String, baseline: () throws -> Void, library: () throws -> Void) rethrows -> (Double, Double) {
    var baselineTimes: [Double] = []
    var libraryTimes: [Double] = []
    for round in 0..<rounds {
        if round % 2 == 0 {
            baselineTimes.append(try time(baseline))
            libraryTimes.append(try time(library))
        } else {
            libraryTimes.append(try time(library))
            baselineTimes.append(try time(baseline))
        }
    }
    return (baselineTimes.min() ?? 0, libraryTimes.min() ?? 0)
}

let memoryDirectory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : "/tmp"
let scratch = Scratch(base: memoryDirectory)
if let mode = arguments.dropFirst().first {
    // Profiling: one side of one benchmark, in a loop.
    let workload = Workload(count: rows)
    let path = scratch.file("profile.db")
    Baseline.insert(workload, into: path)
    let db = try Library.open(path)
    var fastest = Double.infinity
    for _ in 0..<(mode.hasPrefix("insert") ? 5 : 20) {
        let start = time {}
        _ = start
        fastest = min(
            fastest,
            try time {
                switch mode {
                case "fetch": _ = try Library.fetch(db)
                case "decode": _ = try Library.decode(db)
                case "insert": try Library.insert(workload, into: scratch.file("insert.db"))
                case "insert-c": Baseline.insert(workload, into: scratch.file("insert.db"))
                case "fetch-c": _ = Baseline.fetch(Baseline.open(path))
                default: fatalError("unknown mode \(mode)")
                }
            })
    }
    print(String(format: "%@: fastest %.3f s", mode, fastest))
    exit(0)
}
let workload = Workload(count: rows)
print(
    "SQLite \(Database.sqliteVersion), \(rows) rows of INTEGER, REAL, TEXT in \(memoryDirectory); "
        + "fastest of \(rounds) runs each\n")
print("| benchmark | raw C API | FolioDatabase | ratio | goal |")
print("|---|---:|---:|---:|---:|")

func report(_ name: String, _ times: (Double, Double), goal: Double) {
    let ratio = times.1 / times.0
    let verdict = ratio <= goal ? "" : " (missed)"
    print(
        "| \(name) | \(String(format: "%.3f s", times.0)) | \(String(format: "%.3f s", times.1)) | "
            + "\(String(format: "%.2f×", ratio))\(verdict) | ≤ \(String(format: "%.2f×", goal)) |")
}

let insertTimes = try compare(
    "insert",
    baseline: { Baseline.insert(workload, into: scratch.file("baseline.db")) },
    library: { try Library.insert(workload, into: scratch.file("library.db")) })
report("insert, one transaction, one prepared statement", insertTimes, goal: 1.15)

let path = scratch.file("read.db")
Baseline.insert(workload, into: path)
let cConnection = Baseline.open(path)
let folioConnection = try Library.open(path)
let cSum = Baseline.fetch(cConnection)
let folioSum = try Library.fetch(folioConnection)
precondition(cSum == folioSum, "the two sides read different rows")
let folioDecoded = try Library.decode(folioConnection)
precondition(Baseline.decode(cConnection) == folioDecoded, "the two sides decoded differently")

let fetchTimes = try compare(
    "fetch", baseline: { _ = Baseline.fetch(cConnection) }, library: { _ = try Library.fetch(folioConnection) })
report("fetch by column index", fetchTimes, goal: 1.10)

let decodeTimes = try compare(
    "decode", baseline: { _ = Baseline.decode(cConnection) }, library: { _ = try Library.decode(folioConnection) })
report("decode rows (Codable vs. by hand)", decodeTimes, goal: 2.0)

// Context for the decode ratio: Swift's Decodable machinery alone, with no database at all.
var floorTime = Double.infinity
for _ in 0..<rounds {
    floorTime = min(floorTime, try time { _ = try CodableFloor.decode(count: rows) })
}
print(
    "\nDecodable machinery alone (a decoder of constants, no database): "
        + "\(String(format: "%.3f s", floorTime)), \(String(format: "%.2f×", floorTime / decodeTimes.0)) of the "
        + "hand-written decode; so no Decoder can go below \(String(format: "%.2f×", 1 + floorTime / decodeTimes.0)).")
