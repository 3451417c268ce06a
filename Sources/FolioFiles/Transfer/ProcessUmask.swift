import Foundation

/// The process's file mode creation mask, read from `/proc/self/status` (reading it with `umask(2)`
/// would mean changing it, which races with other threads).
enum ProcessUmask {
    static let current: UInt32 = {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let value = UInt32(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        else {
            return 0o777  // Unknown: assume the worst, so permissions are always set explicitly.
        }
        return value
    }()
}
