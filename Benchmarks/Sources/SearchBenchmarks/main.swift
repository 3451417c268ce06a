// Search benchmarks: a library of 100,000 notes (100 folders of 1,000, about 40 words each from a
// vocabulary of 20,000 words drawn with a Zipf-like skew, as prose has). Cases: indexing the whole
// library into an empty index (`SearchIndex.synchronize`), indexing 1,000 new documents as the
// server's watcher does (`update`) and as `folio search` does at start (`synchronize`, a walk of
// every file included), and warm queries (`search`, each hit checked against its file) of a rare
// word, a common word, two words, and a prefix. Reference in the same run: the same FTS5 query
// on the same index without Folio (no snippet, no check of the files), and `grep -rlw` over
// the files (what one does without an index). Each case: 5 runs, median and spread (min–max).
import BenchmarkSupport
import CSQLiteBaseline
import FolioSandbox
import FolioSearch
import Foundation
import Glibc

let count = 100_000
let folders = 100
let directory = "/tmp/folio-search-benchmark"
let home = directory + "/home"
let vocabularySize = 20_000

/// A word of the vocabulary: `w` and its rank in base 26 letters (`wa`, `wb`, …), so each is one token.
func word(_ rank: Int) -> String {
    var letters = ""
    var value = rank
    repeat {
        letters.append(Character(Unicode.Scalar(UInt8(97 + value % 26))))
        value /= 26
    } while value > 0
    return "w" + letters
}

/// A deterministic generator (SplitMix64).
struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A rank drawn with a Zipf-like skew: small ranks (common words) far more often.
func skewedRank(_ generator: inout Generator) -> Int {
    let uniform = Double(generator.next() % 1_000_000) / 1_000_000
    return min(vocabularySize - 1, Int(pow(Double(vocabularySize), uniform)) - 1)
}

func writeNote(_ path: String, _ generator: inout Generator) {
    let words = (0..<40).map { _ in word(skewedRank(&generator)) }.joined(separator: " ")
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(descriptor >= 0, "cannot create \(path)")
    _ = words.withCString { write(descriptor, $0, strlen($0)) }
    close(descriptor)
}

/// The library (made once, then reused).
func makeLibrary() throws {
    let marker = home + "/complete"
    if FileManager.default.fileExists(atPath: marker) { return }
    _ = try? FileManager.default.removeItem(atPath: home)
    try FileManager.default.createDirectory(atPath: home + "/bundle", withIntermediateDirectories: true)
    var generator = Generator(state: 15)
    for folder in 0..<folders {
        let path = home + "/Documents/Folder \(folder)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for index in 0..<(count / folders) {
            writeNote(path + "/Note \(index).txt", &generator)
        }
    }
    _ = FileManager.default.createFile(atPath: marker, contents: nil)
}

func removeIndex() {
    for suffix in ["", "-wal", "-shm"] { _ = unlink(home + "/Library/Caches/search.sqlite" + suffix) }
}

/// Five timings of `SELECT rowid … MATCH expression ORDER BY rank LIMIT 20` with the C API on a
/// connection of its own, after one warm-up run.
func bareQueryTimes(_ expression: String) -> [Double] {
    var db: OpaquePointer?
    guard sqlite3_open_v2(home + "/Library/Caches/search.sqlite", &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
        fatalError("cannot open the index")
    }
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    let sql = "SELECT rowid FROM text WHERE text MATCH ?1 ORDER BY rank LIMIT 20"
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { fatalError("cannot prepare") }
    defer { sqlite3_finalize(statement) }
    var times: [Double] = []
    for run in 0..<6 {
        let start = now()
        sqlite3_reset(statement)
        _ = expression.withCString { sqlite3_bind_text(statement, 1, $0, -1, baseline_sqlite_transient()) }
        var rows = 0
        while sqlite3_step(statement) == SQLITE_ROW { rows += 1 }
        if run > 0 { times.append(now() - start) }
    }
    return times
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3)
        .joined(separator: " ")
}

func spread(_ values: [Double]) -> String {
    "\(milliseconds(values.min() ?? .nan))–\(milliseconds(values.max() ?? .nan))"
}

mkdir(directory, 0o700)
try makeLibrary()
let container = try Container(root: home, bundle: home + "/bundle")
print("Load average before: \(loadAverage())\n")
print("| case | Folio median | spread | reference | reference median | ratio |")
print("|---|---:|---:|---|---:|---:|")

// Indexing everything into an empty index, once (it takes a while).
removeIndex()
var fullIndex = 0.0
do {
    let index = try SearchIndex(container: container)
    fullIndex = try time { try index.synchronize() }
}
print(
    "| index 100,000 documents from empty (1 run) | \(milliseconds(fullIndex)) | — | rate | "
        + "\(Int(Double(count) / fullIndex)) documents/s | — |")

let index = try SearchIndex(container: container)
try index.synchronize()

// 1,000 new documents, indexed as the watcher does (update) and as `folio search` does (synchronize).
var updateTimes: [Double] = []
var synchronizeTimes: [Double] = []
var generator = Generator(state: 99)
for round in 0..<10 {
    let folder = home + "/Documents/New \(round)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var paths: [SandboxPath] = []
    for note in 0..<1_000 {
        writeNote(folder + "/New \(note).txt", &generator)
        paths.append(try SandboxPath(parsing: "Documents/New \(round)/New \(note).txt"))
    }
    if round % 2 == 0 {
        updateTimes.append(try time { try index.update(paths) })
    } else {
        synchronizeTimes.append(try time { try index.synchronize() })
    }
}
for round in 0..<10 { try FileManager.default.removeItem(atPath: home + "/Documents/New \(round)") }
try index.synchronize()
print(
    "| 1,000 new documents, `update` (the watcher) | \(milliseconds(median(updateTimes))) | \(spread(updateTimes)) "
        + "| rate | \(Int(1_000 / median(updateTimes))) documents/s | — |")
print(
    "| 1,000 new documents, `synchronize` (walk of 101,000 files included) | \(milliseconds(median(synchronizeTimes))) "
        + "| \(spread(synchronizeTimes)) | rate | \(Int(1_000 / median(synchronizeTimes))) documents/s | — |")

// Warm queries.
let queries: [(String, String, String)] = [
    ("rare word", word(15_000), word(15_000)),
    ("common word", word(3), word(3)),
    ("two words", word(40) + " " + word(700), word(700)),
    ("prefix of 3 letters (as typed)", String(word(500).prefix(3)), String(word(500).prefix(3))),
]
for (name, text, grepWord) in queries {
    let query = try SearchQuery(parsing: text)
    _ = try index.search(query, limit: 20)
    var times: [Double] = []
    var results = 0
    for _ in 0..<5 {
        times.append(try time { results = try index.search(query, limit: 20).count })
    }
    // The same FTS5 query through the SQLite C API: no snippet, no join, no check of the files.
    let bareTimes = bareQueryTimes(query.ftsExpression)
    print(
        "| query, \(name) (\(results) results) | \(milliseconds(median(times))) | \(spread(times)) "
            + "| same FTS5 query, SQLite C API | \(milliseconds(median(bareTimes))) "
            + "| \(ratio(median(times), median(bareTimes))) |")
    if name == "rare word" {
        var grepTimes: [Double] = []
        for _ in 0..<3 {
            grepTimes.append(shell("grep -rlw '\(grepWord)' '\(home)/Documents' | head -n 20 > /dev/null").seconds)
        }
        print(
            "| query, \(name) | \(milliseconds(median(times))) | \(spread(times)) | `grep -rlw WORD Documents \\| head` "
                + "| \(milliseconds(median(grepTimes))) | \(ratio(median(times), median(grepTimes))) |")
    }
}
print("\nLoad average after: \(loadAverage())")
