import Foundation
import Glibc

/// A fresh directory under the system's temporary directory, removed with everything in it when
/// the value is released. Each test makes its own, so tests never share files.
public final class TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Creates `/tmp/folio-test-XXXXXX` (or under `$TMPDIR`).
    public init(prefix: String = "folio-test") {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        precondition(made != nil, "mkdtemp failed: \(errno)")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        // Clear the immutable and append-only flags tests may have set, then remove the tree.
        _ = try? Subprocess("chattr", ["-R", "-i", "-a", path]).wait()
        _ = try? Subprocess("rm", ["-rf", "--", path]).wait()
    }

    /// `path/relative`.
    public func appending(_ relative: String) -> String {
        path + "/" + relative
    }
}
