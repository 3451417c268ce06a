/// Removes a directory tree depth-first with an explicit stack, so depth is not limited by the
/// thread's stack.
package struct TreeRemover {
    private struct Frame {
        let parent: FileDescriptor
        let name: EntryName
        let descriptor: FileDescriptor
        let reader: DirectoryReader
        let path: String
        var rescanned = false
    }

    /// The number of entries removed so far.
    package private(set) var removed = 0
    /// The path (relative to the tree's root) where removal failed.
    package private(set) var failedPath = ""
    let progress: ((Int) -> Void)?

    /// A remover that calls `progress` with the count now and then.
    package init(progress: ((Int) -> Void)?) {
        self.progress = progress
    }

    /// Removes the directory `name` in `parent` and everything in it, never following a link;
    /// a `name` that is not a directory is unlinked, and one that is missing is nothing to do.
    package mutating func removeTree(named name: String, in parent: FileDescriptor) throws(SystemError) {
        var stack: [Frame] = []
        guard let first = try openDirectory(named: EntryName(text: name), in: parent, path: "") else { return }
        stack.append(first)
        while let top = stack.last {
            if let entry = top.reader.next() {
                let path = top.path.isEmpty ? entry.name : top.path + "/" + entry.name
                var kind = entry.kind
                if kind == .unknown {
                    kind = try status(of: entry.nameOnDisk, in: top.descriptor, path: path)
                }
                if kind == .directory {
                    if let frame = try openDirectory(named: entry.nameOnDisk, in: top.descriptor, path: path) {
                        stack.append(frame)
                    }
                } else {
                    try unlink(entry.nameOnDisk, in: top.descriptor, path: path)
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
    private mutating func openDirectory(named name: EntryName, in parent: FileDescriptor, path: String)
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

    private mutating func unlink(_ name: EntryName, in directory: FileDescriptor, path: String) throws(SystemError) {
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

    private mutating func status(of name: EntryName, in directory: FileDescriptor, path: String)
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
