import Foundation
import Glibc

/// A small tmpfs mounted on a fresh directory for one test, to fill up: a real full disk.
///
/// Mounting needs root (`CAP_SYS_ADMIN`); tests that use it are enabled only when
/// ``canMount`` is true, so elsewhere they are skipped with that reason.
public final class SmallFilesystem: Sendable {
    /// The directory the filesystem is mounted on.
    public let path: String
    private let directory: TemporaryDirectory

    /// Whether this process can mount a tmpfs (tried once).
    public static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        return (try? SmallFilesystem(megabytes: 1)) != nil
    }()

    /// Mounts a tmpfs of `megabytes` on a new temporary directory.
    public init(megabytes: Int) throws {
        directory = TemporaryDirectory(prefix: "folio-small")
        path = directory.appending("mount")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let result = try Subprocess.run("mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0700", "tmpfs", path])
        guard result.status == 0 else {
            throw POSIXError(.EPERM, userInfo: [NSLocalizedDescriptionKey: "mount failed: \(result.error)"])
        }
    }

    deinit {
        _ = try? Subprocess("umount", ["-l", path]).wait()
    }

    /// Fills the filesystem: writes `name` until the device is full.
    public func fill(_ name: String = "filler") {
        let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x46, count: 1 << 16)
        var size = chunk.count
        while size > 0 {
            let written = chunk.withUnsafeBytes { write(fd, $0.baseAddress, size) }
            if written < 0 {
                guard errno == ENOSPC else { return }
                size /= 2  // Fill the last pages too.
            }
        }
    }

    /// Frees `pages` pages (of 4 KiB) of the filler, so exactly that much fits again.
    public func free(pages: Int, of name: String = "filler") {
        let file = path + "/" + name
        var status = stat()
        guard stat(file, &status) == 0 else { return }
        truncate(file, max(0, status.st_size - off_t(pages * 4096)))
    }

    /// Every name under `relative`, recursively (hidden ones included), for checking that nothing was left behind.
    public func names(under relative: String) -> [String] {
        let base = path + "/" + relative
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        return walker.compactMap { $0 as? String }.sorted()
    }
}
