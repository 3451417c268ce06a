// Documents benchmarks: libraries of 10,000 and 100,000 documents. The first page of the sorted
// list (50 rows, by name and by date), the whole list, and a rename, each in a fresh process (this
// program run again with `--case …`) so its peak memory is its own. Reference tools in the same
// run: `ls -1 | head -n 50` (sorts every name), `ls -1t | head -n 50` (stats every file), `ls -l`
// (describes every file) and `mv -n` (one rename, whole process).
import BenchmarkSupport
import FolioDocuments
import FolioSandbox
import Foundation
import Glibc

/// Runs one case in this process and prints "seconds peakKiB rows".
func runCase(_ kind: String, home: String) throws {
    let container = try Container(root: home, bundle: home + "/bundle")
    let library = DocumentLibrary(container: container)
    switch kind {
    case "baseline":
        print(0, peakMemory(), 0)
    case "name", "name-cold", "date", "all":
        if kind == "name-cold" {
            _ = unlink(home + "/Library/Caches/documents-by-name.plist")
        }
        let start = now()
        let page =
            kind == "all"
            ? DocumentPage(documents: try library.allDocuments(), total: 0, offset: 0, limit: 0)
            : try library.documents(sortedBy: kind == "date" ? .date : .name, offset: 0, limit: 50)
        let seconds = now() - start
        precondition(kind == "all" || page.documents.count == 50, "unexpected page")
        print(seconds, peakMemory(), page.documents.count)
    case "live-start":
        let start = now()
        try library.startLiveOrder()
        print(now() - start, peakMemory(), 0)
    case "live":
        // A page by date right after another program changed a document, the order kept live (as
        // `folio serve` keeps it): median of 10 changes.
        try library.startLiveOrder()
        let newest = try library.documents(sortedBy: .date, limit: 1).documents.first?.modificationDate ?? Date()
        let base = Int(max(newest, Date()).timeIntervalSince1970)
        var times: [Double] = []
        for round in 0..<10 {
            // Each a second later than the newest, so each becomes the newest.
            let later = timespec(tv_sec: base + round + 1, tv_nsec: 0)
            var stamps = [later, later]
            _ = utimensat(AT_FDCWD, home + "/Documents/Document \(round * 14).txt", &stamps, 0)
            let start = now()
            let page = try library.documents(sortedBy: .date, offset: 0, limit: 50)
            times.append(now() - start)
            guard page.documents.first?.name == "Document \(round * 14).txt" else {
                fatalError("the change is not on the page: \(page.documents.prefix(3).map { "\($0.name) \($0.modificationTime)" })")
            }
        }
        print(median(times), peakMemory(), 50)
    case "rename":
        var times: [Double] = []
        for round in 0..<10 {
            let (from, to) = round % 2 == 0 ? ("Document 5000.txt", "Renamed") : ("Renamed.txt", "Document 5000")
            let start = now()
            _ = try library.rename(from, to: to)
            times.append(now() - start)
        }
        print(median(times), peakMemory(), 1)
    default:
        fatalError("unknown case \(kind)")
    }
}

/// Runs a reference shell pipeline under `/usr/bin/time`: wall seconds and peak memory in KiB of
/// the largest process of the pipeline (the one that holds the names).
func reference(_ command: String) -> (seconds: Double, peak: Int) {
    let measured = measuredMemory(["/bin/sh", "-c", command], report: "\(directory)/time.out")
    return (measured.run.seconds, measured.peakKiB)
}

/// A container with `count` small documents (made once, then reused).
func library(of count: Int) throws -> String {
    let home = "\(directory)/home-\(count)"
    let documents = home + "/Documents"
    let marker = home + "/complete"
    if FileManager.default.fileExists(atPath: marker) {
        return home
    }
    _ = try? FileManager.default.removeItem(atPath: home)
    try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: home + "/bundle", withIntermediateDirectories: true)
    for index in 0..<count {
        let name = index % 2 == 0 ? "Document \(index).txt" : "Document \(index).dudeldoc"
        let descriptor = open(documents + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        precondition(descriptor >= 0, "cannot create \(name)")
        _ = "contents of \(index)".withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
    }
    _ = FileManager.default.createFile(atPath: marker, contents: nil)
    // The name cache is kept only for a directory that has not changed for a second.
    Thread.sleep(forTimeInterval: 1.1)
    return home
}

/// Runs a Folio case `repeats` times in fresh processes: median seconds and the largest peak.
func folio(_ kind: String, home: String, repeats: Int = 5) -> (seconds: Double, peak: Int) {
    var times: [Double] = []
    var peak = 0
    for _ in 0..<repeats {
        let output = spawn([me, "--case", kind, home], outputPath: "\(directory)/case.out", capture: true).output
        let parts = output.split(separator: " ").map {
            String($0).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        times.append(Double(parts.first ?? "") ?? .nan)
        peak = max(peak, Int(parts.dropFirst().first ?? "") ?? 0)
    }
    return (median(times), peak)
}

func referenceMedian(_ command: String, repeats: Int = 5) -> (seconds: Double, peak: Int) {
    var times: [Double] = []
    var peak = 0
    for _ in 0..<repeats {
        let run = reference(command)
        times.append(run.seconds)
        peak = max(peak, run.peak)
    }
    return (median(times), peak)
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--case" {
    try runCase(arguments[2], home: arguments[3])
    exit(0)
}

let directory = "/tmp/folio-documents-benchmark"
mkdir(directory, 0o700)
let me = URL(fileURLWithPath: arguments[0]).standardizedFileURL.path
var memoryRows: [String] = []
print("| documents | case | Folio | reference (whole process) | reference time | ratio |")
print("|---:|---|---:|---|---:|---:|")
for count in [10_000, 100_000] {
    let home = try library(of: count)
    let documents = home + "/Documents"
    let baseline = folio("baseline", home: home, repeats: 3)
    let byNameCold = folio("name-cold", home: home)
    let byName = folio("name", home: home)
    let byDate = folio("date", home: home)
    let liveStart = folio("live-start", home: home)
    let live = folio("live", home: home)
    let all = folio("all", home: home, repeats: 3)
    let rename = folio("rename", home: home, repeats: 3)
    let ls = referenceMedian("ls -1 '\(documents)' | head -n 50 > /dev/null")
    let lsDate = referenceMedian("ls -1t '\(documents)' | head -n 50 > /dev/null")
    let lsLong = referenceMedian("ls -l '\(documents)' > /dev/null", repeats: 3)
    let mv = referenceMedian(
        "mv -n '\(documents)/Document 5000.txt' '\(documents)/Renamed.txt'"
            + " && mv -n '\(documents)/Renamed.txt' '\(documents)/Document 5000.txt'")
    func row(_ name: String, _ folio: (seconds: Double, peak: Int), _ tool: String, _ reference: Double) -> String {
        "| \(count) | \(name) | \(milliseconds(folio.seconds)) | \(tool) | \(milliseconds(reference)) "
            + "| \(ratio(folio.seconds, reference)) |"
    }
    print(row("first page by name (50 rows), directory read", byNameCold, "`ls -1 \\| head -n 50`", ls.seconds))
    print(row("first page by name (50 rows), name cache valid", byName, "`ls -1 \\| head -n 50`", ls.seconds))
    print(row("first page by date (50 rows)", byDate, "`ls -1t \\| head -n 50`", lsDate.seconds))
    print(
        row(
            "live order: start (one directory read with a `statx` each)", liveStart, "`ls -1t \\| head -n 50`",
            lsDate.seconds))
    print(
        row(
            "live order: first page by date after a change (median of 10)", live, "`ls -1t \\| head -n 50`",
            lsDate.seconds))
    print(row("rename (median of 10)", rename, "`mv -n` twice", mv.seconds))
    print(row("whole list by name, every document described", all, "`ls -l`", lsLong.seconds))
    memoryRows.append(
        "| \(count) | \(mebibytes(baseline.peak)) | \(mebibytes(byNameCold.peak)) | \(mebibytes(byName.peak)) "
            + "| \(mebibytes(byDate.peak)) "
            + "| \(mebibytes(all.peak)) | \(mebibytes(live.peak)) | \(mebibytes(ls.peak)) |")
}
print("\nPeak memory (VmHWM; `ls` by `/usr/bin/time %M`):\n")
print(
    "| documents | Folio, no listing | first page by name, directory read | first page by name, cached "
        + "| first page by date | whole list | live order | `ls -1` |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|")
for line in memoryRows { print(line) }
