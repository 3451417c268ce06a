import FolioSandbox
import FolioSystem

extension Files {
    /// Removes the item at `path` (the `removeItem(atPath:)` role), never following a symbolic link:
    /// removing a link to a directory removes the link, not what it points to.
    ///
    /// A directory is removed only when empty unless `recursive`, in which case its whole tree is
    /// removed with `unlinkat`, each directory opened `O_NOFOLLOW` relative to its parent, so a
    /// directory swapped for a link meanwhile is unlinked as a link rather than descended into.
    /// - Parameters:
    ///   - recursive: remove a directory and everything in it.
    ///   - progress: called now and then with the number of items removed so far.
    /// - Returns: the number of items removed.
    /// - Throws: ``FileError`` (`.directoryNotEmpty` without `recursive`).
    /// - Complexity: O(n) system calls in the number of items.
    @discardableResult
    public func remove(_ path: SandboxPath, recursive: Bool = false, progress: ((Int) -> Void)? = nil) throws(FileError)
        -> Int
    {
        let operation = "remove"
        let entry = try container.entry(path, operation: operation)
        let kind: FileKind
        do {
            kind = try entry.directory.status(of: entry.name).kind
        } catch {
            throw failure(error, operation, path)
        }
        if kind != .directory {
            do {
                try entry.directory.unlink(entry.name)
                return 1
            } catch {
                throw failure(error, operation, path)
            }
        }
        if !recursive {
            do {
                try entry.directory.removeDirectory(entry.name)
                return 1
            } catch  where error.errno == .directoryNotEmpty {
                throw FileError(
                    .directoryNotEmpty, operation: operation, subject: path.description,
                    reason: "the directory is not empty (remove it recursively to delete its contents)",
                    errno: error.errno.rawValue)
            } catch {
                throw failure(error, operation, path)
            }
        }
        var remover = TreeRemover(progress: progress)
        do {
            try remover.removeTree(named: entry.name, in: entry.directory)
        } catch {
            let subject = remover.failedPath.isEmpty ? path.description : "\(path)/\(remover.failedPath)"
            throw FileError(error, operation: operation, subject: subject)
        }
        return remover.removed
    }
}
