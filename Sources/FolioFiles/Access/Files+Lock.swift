import FolioSandbox
import FolioSystem

extension Files {
    /// Runs `body` while holding an exclusive advisory lock on the file or directory at `path`.
    ///
    /// The lock (`flock`) excludes every other holder of the same lock — another thread, another
    /// `Files`, another process — for the length of `body`, and is released when `body` returns or
    /// throws, or when the process dies. It is advisory: programs that do not take it are not
    /// stopped. Lock something that stays in place (a directory, or a file that is never
    /// replaced); a lock on a file that an atomic write then replaces guards the old inode only.
    /// The lock is not reentrant: taking it again inside `body` waits forever.
    ///
    /// ```swift
    /// try files.withLock(on: SandboxPath(parsing: "Library/Preferences")) {
    ///     // read, change and write a preferences file
    /// }
    /// ```
    /// - Throws: ``FileError`` when `path` cannot be opened or locked, or whatever `body` throws.
    public func withLock<Result>(on path: SandboxPath, _ body: () throws -> Result) throws -> Result {
        let descriptor = try container.open(path, flags: [.nonBlocking], operation: "lock")
        do {
            return try descriptor.withLock(.exclusive, body)
        } catch let error as SystemError {
            throw failure(error, "lock", path)
        }
    }
}
