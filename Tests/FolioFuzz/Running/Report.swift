import Foundation

/// The fuzzer's report: one line per reader as it finishes, then a Markdown table.
enum Report {
    /// Writes `text` and a line break to standard output at once, unbuffered, so that progress
    /// shows as it happens and lines from two readers never mix.
    static func output(_ text: String) {
        Worker.write(Array((text + "\n").utf8), to: 1)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func progressLine(_ statistics: ReaderStatistics) -> String {
        let failures = statistics.failures.count
        return "  \(statistics.reader): \(statistics.attempts) cases, \(statistics.refused) refused, "
            + (failures == 0 ? "no failures" : "\(failures) FAILED")
    }

    static func table(_ all: [ReaderStatistics], seed: UInt64, elapsed: Duration) -> String {
        var lines = [
            "| reader | attempts | accepted | refused | unclear errors | raw controls in messages | crashes | hangs | memory | bad exits | wrong | slowest case (s) | peak RSS (MiB) | most common refusals |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
        for statistics in all {
            let common = statistics.refusals.sorted { $0.value > $1.value || $0.value == $1.value && $0.key < $1.key }
                .prefix(4).map { "\($0.key) \($0.value)" }
            let unclear = statistics.unclearTypes.sorted { $0.value > $1.value }.prefix(2).map {
                "\($0.key) \($0.value)"
            }
            let cells = [
                statistics.reader, "\(statistics.attempts)", "\(statistics.accepted)", "\(statistics.refused)",
                "\(statistics.unclear)", "\(statistics.leaksControls)", "\(statistics.count(.crash))",
                "\(statistics.count(.hang))", "\(statistics.count(.memory))", "\(statistics.count(.exit))",
                "\(statistics.count(.wrong))",
                statistics.attempts == 0
                    ? "-" : String(format: "%.2f (case %d)", statistics.slowest, statistics.slowestCase),
                statistics.peakMemory == 0 ? "-" : "\(statistics.peakMemory >> 20)",
                (common + unclear.map { "unclear: " + $0 }).joined(separator: ", "),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        for statistics in all {
            if let first = statistics.firstLeak {
                lines.append(
                    "\(statistics.reader): \(statistics.leaksControls) messages copy a control character from the input; "
                        + "the first, case \(first), is saved as \(statistics.reader)/leak-case\(first).*")
            }
            if let first = statistics.firstServerError {
                let count = statistics.refusals.filter {
                    $0.key.hasPrefix("HTTP 5") && $0.key != "HTTP 501" && $0.key != "HTTP 503"
                }
                .reduce(0) { $0 + $1.value }
                lines.append(
                    "\(statistics.reader): \(count) answers were a 5xx other than 501 and 503 (bad input is owed a 4xx); the first, case "
                        + "\(first), is saved as \(statistics.reader)/5xx-case\(first).*")
            }
            if !statistics.unclearTypes.isEmpty {
                lines.append("\(statistics.reader): errors that are not Folio's: \(statistics.unclearTypes)")
            }
        }
        let attempts = all.reduce(0) { $0 + $1.attempts }
        let failures = all.reduce(0) { $0 + $1.failures.count }
        lines.append(
            "\(attempts) cases in \(String(format: "%.1f", seconds(elapsed))) s (seed \(seed)), \(failures) failing.")
        return lines.joined(separator: "\n")
    }
}
