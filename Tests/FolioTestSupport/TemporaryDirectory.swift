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
        // Clear the immutable flag tests may have set, then remove the tree.
        let chattr = Process()
        chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        chattr.arguments = ["-R", "-i", "-a", path]
        chattr.standardError = FileHandle.nullDevice
        chattr.standardOutput = FileHandle.nullDevice
        if (try? chattr.run()) != nil {
            chattr.waitUntilExit()
        }
        let remove = Process()
        remove.executableURL = URL(fileURLWithPath: "/bin/rm")
        remove.arguments = ["-rf", "--", path]
        if (try? remove.run()) != nil {
            remove.waitUntilExit()
        }
    }

    /// `path/relative`.
    public func appending(_ relative: String) -> String {
        path + "/" + relative
    }
}
