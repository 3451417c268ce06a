// Tables benchmarks: a table of 10,000 and 1,000,000 rows, from a data source that computes its
// rows and from a CSV file of the same rows. Each case runs in a fresh process (this program run
// again with `--case …`), so its peak memory is its own. Reference tools run on the same CSV:
// `head` (first screen), `tail` (last screen) and `column -t` (the whole file laid out).
import BenchmarkSupport
import FolioTables
import Foundation
import Glibc

/// Rows computed from their index, counted lazily like a file.
final class GeneratedRows: TableDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfRows(in section: Int) -> Int { count }
    func rowCount(in section: Int, upTo limit: Int) -> Int { min(count, limit) }
    func cell(for indexPath: IndexPath, in tableView: TableView) -> TableCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", style: .value1)
        cell.text = "Row \(indexPath.row)"
        cell.detail = "\(indexPath.row * 2)"
        return cell
    }
}

/// Runs one case in this process and prints "firstScreen lastScreen peakKiB cells".
func runCase(_ kind: String, rows: Int, csv: String) throws {
    let renderer = TerminalRenderer(width: 80, height: 50)
    let start = now()
    let source: any TableDataSource
    if kind == "generated" {
        source = GeneratedRows(count: rows)
    } else {
        var options = TableOptions()
        options.style = .value1
        source = try TableDocument(bytes: FileBytes(path: csv), name: csv, options: options).dataSource
    }
    let table = TableView(dataSource: source)
    let first = try renderer.screen(of: table)
    let firstTime = now() - start
    precondition(first.lines.count == 50 && first.lines[0].hasPrefix("Row 0 "), "unexpected first screen")
    let scrollStart = now()
    let last = try renderer.screen(of: table, endingAt: .bottom(of: table))
    let lastTime = now() - scrollStart
    precondition(last.lines.last?.hasPrefix("Row \(rows - 1) ") == true, "unexpected last screen")
    if kind == "csv-all" {
        let allStart = now()
        var bytes = 0
        try renderer.render(TableView(dataSource: source), toBytes: { bytes += $0.count })
        print(firstTime, now() - allStart, peakMemory(), table.statistics.materializedCells)
        return
    }
    print(firstTime, lastTime, peakMemory(), table.statistics.materializedCells)
}

/// Runs a reference tool under `/usr/bin/time`: wall seconds and the tool's peak memory in KiB.
func reference(_ arguments: [String]) -> (seconds: Double, peak: Int) {
    let measured = measuredMemory(arguments, report: "/tmp/folio-tables-benchmark/time.out")
    return (measured.run.seconds, measured.peakKiB)
}

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "--case" {
    if arguments[2] == "baseline" {
        // The same program with no table: what the Swift runtime and Foundation cost alone.
        print(0, 0, peakMemory(), 0)
    } else {
        try runCase(arguments[2], rows: Int(arguments[3]) ?? 0, csv: arguments[4])
    }
    exit(0)
}

let directory = "/tmp/folio-tables-benchmark"
mkdir(directory, 0o700)
let me = URL(fileURLWithPath: arguments[0]).standardizedFileURL.path
let repeats = 5
var wholeFile: [String] = []
let baseline = spawn([me, "--case", "baseline", "0", "-"], outputPath: "\(directory)/case.out", capture: true).output
let baselinePeak = Int(baseline.split(separator: " ").dropFirst(2).first ?? "") ?? 0
print("| rows | case | first screen | last screen | peak memory | cells made |")
print("|---:|---|---:|---:|---:|---:|")
for rows in [10_000, 1_000_000] {
    let csv = "\(directory)/rows-\(rows).csv"
    if !FileManager.default.fileExists(atPath: csv) {
        var text = "name,value\n"
        for row in 0..<rows { text += "Row \(row),\(row * 2)\n" }
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
    }
    for kind in ["generated", "csv"] {
        var firsts: [Double] = []
        var lasts: [Double] = []
        var peak = 0
        var cells = ""
        for _ in 0..<repeats {
            let result = spawn(
                [me, "--case", kind, String(rows), csv], outputPath: "\(directory)/case.out", capture: true
            ).output
            let parts = result.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            firsts.append(Double(parts[0]) ?? 0)
            lasts.append(Double(parts[1]) ?? 0)
            peak = max(peak, Int(parts[2]) ?? 0)
            cells = parts[3]
        }
        let name = kind == "generated" ? "Folio, computed rows" : "Folio, CSV file"
        print(
            "| \(rows) | \(name) | \(milliseconds(median(firsts))) | \(milliseconds(median(lasts))) | \(mebibytes(peak)) | \(cells) |"
        )
    }
    var heads: [Double] = []
    var tails: [Double] = []
    var peak = 0
    for _ in 0..<repeats {
        let head = reference(["/usr/bin/head", "-n", "51", csv])
        let tail = reference(["/usr/bin/tail", "-n", "50", csv])
        heads.append(head.seconds)
        tails.append(tail.seconds)
        peak = max(peak, head.peak, tail.peak)
    }
    print(
        "| \(rows) | `head -n 51` / `tail -n 50` (whole process) | \(milliseconds(median(heads))) | \(milliseconds(median(tails))) | \(mebibytes(peak)) | |"
    )
    var alls: [Double] = []
    var columnPeak = 0
    var folioAll: [Double] = []
    var folioPeak = 0
    for _ in 0..<repeats {
        let column = reference(["/usr/bin/column", "-t", "-s", ",", csv])
        alls.append(column.seconds)
        columnPeak = max(columnPeak, column.peak)
        let result = spawn(
            [me, "--case", "csv-all", String(rows), csv], outputPath: "\(directory)/case.out", capture: true
        ).output
        let parts = result.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        folioAll.append(Double(parts[1]) ?? 0)
        folioPeak = max(folioPeak, Int(parts[2]) ?? 0)
    }
    let ratios = zip(folioAll, alls).map { $0 / $1 }
    wholeFile.append(
        "| \(rows) | \(milliseconds(median(folioAll))) | \(mebibytes(folioPeak)) | \(milliseconds(median(alls))) "
            + "| \(mebibytes(columnPeak)) | \(String(format: "%.2f", median(folioAll) / median(alls)))× "
            + "| \(String(format: "%.2f–%.2f", ratios.min() ?? 0, ratios.max() ?? 0))× |")
}
print("\nThe same program with no table peaks at \(mebibytes(baselinePeak)) (Swift runtime and Foundation).\n")
print(
    "| rows | Folio: whole CSV laid out | Folio memory | `column -t -s,` | `column` memory | time ratio "
        + "| ratio per run |")
print("|---:|---:|---:|---:|---:|---:|---:|")
for line in wholeFile { print(line) }
