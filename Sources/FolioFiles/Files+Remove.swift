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
    public func remove(_ path: SandboxPath, recursive: Bool = false, progress: ((Int) -> Void)? = nil) throws -> Int {
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

/// Removes a directory tree depth-first with an explicit stack, so depth is not limited by the
/// thread's stack.
struct TreeRemover {
    private struct Frame {
        let parent: FileDescriptor
        let name: String
        let descriptor: FileDescriptor
        let reader: DirectoryReader
        let path: String
        var rescanned = false
    }

    var removed = 0
    /// The path (relative to the tree's root) where removal failed.
    var failedPath = ""
    let progress: ((Int) -> Void)?

    init(progress: ((Int) -> Void)?) {
        self.progress = progress
    }

    mutating func removeTree(named name: String, in parent: FileDescriptor) throws(SystemError) {
        var stack: [Frame] = []
        guard let first = try openDirectory(named: name, in: parent, path: "") else { return }
        stack.append(first)
        while let top = stack.last {
            if let entry = top.reader.next() {
                let path = top.path.isEmpty ? entry.name : top.path + "/" + entry.name
                var kind = entry.kind
                if kind == .unknown {
                    kind = try status(of: entry.name, in: top.descriptor, path: path)
                }
                if kind == .directory {
                    if let frame = try openDirectory(named: entry.name, in: top.descriptor, path: path) {
                        stack.append(frame)
                    }
                } else {
                    try unlink(entry.name, in: top.descriptor, path: path)
                }
                continue
            }
            if let error = top.reader.error {
                failedPath = top.path
                throw error
            }
            do {
                try top.parent.removeDirectory(top.name)
            } catch  where error.errno == .directoryNotEmpty && !top.rescanned {
                // Entries created during the scan: read the directory once more.
                stack[stack.count - 1] = Frame(
                    parent: top.parent, name: top.name, descriptor: top.descriptor,
                    reader: DirectoryReader(top.descriptor), path: top.path, rescanned: true)
                try top.descriptor.seek(to: 0)
                continue
            } catch {
                failedPath = top.path
                throw error
            }
            count()
            stack.removeLast()
        }
    }

    /// Opens a directory for removal; when it turned into something else, unlinks that instead.
    private mutating func openDirectory(named name: String, in parent: FileDescriptor, path: String)
        throws(SystemError) -> Frame?
    {
        do {
            let descriptor = try parent.open(name, flags: [.directory, .noFollow])
            return Frame(
                parent: parent, name: name, descriptor: descriptor, reader: DirectoryReader(descriptor), path: path)
        } catch  where error.errno == .tooManySymbolicLinks || error.errno == .notDirectory {
            try unlink(name, in: parent, path: path)
            return nil
        } catch  where error.errno == .noSuchFile {
            return nil
        } catch {
            failedPath = path
            throw error
        }
    }

    private mutating func unlink(_ name: String, in directory: FileDescriptor, path: String) throws(SystemError) {
        do {
            try directory.unlink(name)
            count()
        } catch  where error.errno == .noSuchFile {
            return
        } catch {
            failedPath = path
            throw error
        }
    }

    private mutating func status(of name: String, in directory: FileDescriptor, path: String)
        throws(SystemError) -> FileKind
    {
        do {
            return try directory.status(of: name, full: false).kind
        } catch {
            failedPath = path
            throw error
        }
    }

    private mutating func count() {
        removed += 1
        if removed % 4096 == 0 {
            progress?(removed)
        }
    }
}
