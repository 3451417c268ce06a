// Files benchmarks: a generated tree of about 300,000 entries, walked, listed, copied and removed by
// Folio and by the reference tools (find, cp, rm) in the same run; and an 8-byte patch of a 1 GiB
// file against rewriting it. Every figure is a median of several warm-cache runs.
import BenchmarkSupport
import FolioFiles
import FolioSandbox
import Foundation
import Glibc

/// Prints a line at once, so progress shows while the benchmark runs.
func say(_ text: String) {
    print(text)
    fflush(nil)
}

let base = ProcessInfo.processInfo.environment["FOLIO_BENCH_DIR"] ?? "/tmp/folio-files-benchmark"
let folio = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("../../../.build/release/folio").standardizedFileURL.path
precondition(FileManager.default.isExecutableFile(atPath: folio), "build Folio in release first: \(folio)")
let runs = 5
let walkOnly = CommandLine.arguments.dropFirst().first == "walk"

_ = shell("rm -rf '\(base)'")
try FileManager.default.createDirectory(atPath: base + "/bundle", withIntermediateDirectories: true)
let home = base + "/home"
let container = try Container(root: home, bundle: base + "/bundle")
let files = Files(container)
let treePath = try SandboxPath(parsing: "tmp/tree")
let tree = home + "/tmp/tree"

/// Writes the tree with plain system calls: 60 × 10 directories of 500 files of 64 bytes.
@MainActor func generateTree() -> Int {
    let payload = [UInt8](repeating: 0x61, count: 64)
    var count = 0
    mkdir(tree, 0o700)
    for top in 0..<60 {
        let topPath = "\(tree)/d\(top)"
        mkdir(topPath, 0o700)
        count += 1
        for sub in 0..<10 {
            let subPath = "\(topPath)/s\(sub)"
            mkdir(subPath, 0o700)
            count += 1
            for file in 0..<500 {
                let fd = open("\(subPath)/file\(file).txt", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                _ = payload.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
                count += 1
            }
        }
    }
    return count
}

func medianOf(_ count: Int = runs, _ body: () throws -> Double) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<count { times.append(try body()) }
    return median(times)
}

var rows: [(String, String, String, String)] = []
@MainActor func record(_ name: String, _ folioSeconds: Double, _ reference: String, _ referenceSeconds: Double) {
    rows.append(
        (
            name, milliseconds(folioSeconds), "\(reference): \(milliseconds(referenceSeconds))",
            ratio(folioSeconds, referenceSeconds)
        ))
    say(
        "  \(name): \(milliseconds(folioSeconds)) vs \(reference) \(milliseconds(referenceSeconds)) → \(ratio(folioSeconds, referenceSeconds))"
    )
}

say("generating the tree…")
let entries = generateTree()
say("  \(entries) entries")
_ = shell("find '\(tree)' > /dev/null")  // Warm the cache.

// 1. Names only.
var walked = 0
let walkNames = try medianOf {
    try time {
        walked = 0
        for _ in try files.walk(treePath, options: WalkOptions(detail: .names)) { walked += 1 }
    }
}
precondition(walked == entries, "the walker saw \(walked) of \(entries) entries")
let findNames = medianOf { shell("find '\(tree)' | wc -l").seconds }
record("walk, names only (library)", walkNames, "`find DIR | wc -l`", findNames)
let cliNames = medianOf { shell("'\(folio)' --home '\(home)' ls -R -U tmp/tree | wc -l").seconds }
record("`folio ls -R -U`, names (process)", cliNames, "`find DIR | wc -l`", findNames)

// 2. Size and modification time.
var bytes: UInt64 = 0
let walkBasic = try medianOf {
    try time {
        bytes = 0
        for entry in try files.walk(treePath, options: WalkOptions(detail: .basic)) { bytes += entry.size ?? 0 }
    }
}
let findPrintf = medianOf { spawn(["find", tree, "-printf", "%s %T@ %p\n"]).seconds }
record("walk with size and mtime (library)", walkBasic, "`find -printf '%s %T@ %p\\n'`", findPrintf)
let cliLong = medianOf { spawn([folio, "--home", home, "ls", "-R", "-l", "tmp/tree"]).seconds }
record("`folio ls -R -l` (process, sorted)", cliLong, "`find -printf`", findPrintf)
let cliLongUnsorted = medianOf { spawn([folio, "--home", home, "ls", "-R", "-l", "-U", "tmp/tree"]).seconds }
record("`folio ls -R -l -U` (process)", cliLongUnsorted, "`find -printf`", findPrintf)
// `FilesBenchmarks walk` stops here: the walking cases alone, in a minute instead of half an hour.
if !walkOnly {
    let foundation = try medianOf(3) {
        try time {
            let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
            guard
                let enumerator = FileManager.default.enumerator(
                    at: URL(fileURLWithPath: tree), includingPropertiesForKeys: keys)
            else { fatalError("no enumerator") }
            var total = 0
            for case let url as URL in enumerator {
                let values = try url.resourceValues(forKeys: Set(keys))
                total += values.fileSize ?? 0
                _ = values.contentModificationDate
            }
            precondition(UInt64(total) == bytes, "Foundation counted \(total) bytes, Folio \(bytes)")
        }
    }
    rows.append(
        (
            "Foundation `enumerator(at:includingPropertiesForKeys:)`", milliseconds(foundation),
            "Folio walker: \(milliseconds(walkBasic))",
            String(format: "Folio %.1f× faster", foundation / walkBasic)
        ))
    rows.append(
        (
            "Foundation `enumerator(at:includingPropertiesForKeys:)`", milliseconds(foundation),
            "`folio ls -R -l` (process, sorted): \(milliseconds(cliLong))",
            String(format: "Folio %.1f× faster", foundation / cliLong)
        ))
    say(
        "  Foundation enumerator: \(milliseconds(foundation)) (\(String(format: "%.1f", foundation / walkBasic))× the walker, "
            + "\(String(format: "%.1f", foundation / cliLong))× folio ls -R -l)"
    )

    // 3. Recursive copy.
    var copyFolio: [Double] = []
    var copyReference: [Double] = []
    for run in 0..<3 {
        let reference = { copyReference.append(spawn(["cp", "-r", tree, "\(home)/tmp/copy-cp"]).seconds) }
        let ours = {
            copyFolio.append(spawn([folio, "--home", home, "cp", "-r", "tmp/tree", "tmp/copy-folio"]).seconds)
        }
        if run % 2 == 0 {
            reference()
            ours()
        } else {
            ours()
            reference()
        }
        _ = shell("rm -rf '\(home)/tmp/copy-cp' '\(home)/tmp/copy-folio'")
    }
    record("`folio cp -r` (process)", median(copyFolio), "`cp -r`", median(copyReference))

    // 4. Recursive delete.
    var removeFolio: [Double] = []
    var removeReference: [Double] = []
    for run in 0..<3 {
        _ = spawn(["cp", "-r", tree, "\(home)/tmp/victim-a"])
        _ = spawn(["cp", "-r", tree, "\(home)/tmp/victim-b"])
        _ = shell("find '\(home)/tmp/victim-a' '\(home)/tmp/victim-b' > /dev/null")
        let reference = { removeReference.append(spawn(["rm", "-rf", "\(home)/tmp/victim-a"]).seconds) }
        let ours = { removeFolio.append(spawn([folio, "--home", home, "rm", "-r", "tmp/victim-b"]).seconds) }
        if run % 2 == 0 {
            reference()
            ours()
        } else {
            ours()
            reference()
        }
    }
    record("`folio rm -r` (process)", median(removeFolio), "`rm -rf`", median(removeReference))

    // 5. An 8-byte patch of a 1 GiB file, against rewriting the file.
    let big = try SandboxPath(parsing: "tmp/big")
    let chunk = [UInt8](repeating: 0x62, count: 1 << 20)
    let rewrite = try medianOf(3) {
        try time {
            try files.write(to: big) { file in
                for _ in 0..<1024 { try chunk.withUnsafeBytes { try file.write($0) } }
            }
        }
    }
    let patch = try medianOf(9) {
        try time { try files.patch(big, at: 11, with: Array("modified".utf8)) }
    }
    rows.append(
        (
            "8-byte patch of a 1 GiB file", milliseconds(patch), "rewriting the file: \(milliseconds(rewrite))",
            String(format: "%.0f× faster", rewrite / patch)
        ))
    say("  patch \(milliseconds(patch)) vs rewrite \(milliseconds(rewrite))")

}
_ = shell("rm -rf '\(base)'")

say("")
say("Tree: \(entries) entries (\(entries - 660) files of 64 bytes in 660 directories), warm cache.")
say("")
say("| case | Folio | reference | ratio |")
say("|---|---:|---|---:|")
for row in rows {
    say("| \(row.0) | \(row.1) | \(row.2) | \(row.3) |")
}
