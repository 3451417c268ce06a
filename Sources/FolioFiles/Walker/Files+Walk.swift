import FolioSandbox
import FolioSystem

extension Files {
    /// Starts a walk of the directory at `path`.
    ///
    /// - Parameters:
    ///   - path: a directory in the container (symbolic links to directories inside the container
    ///     are followed for the starting point only).
    ///   - options: recursion, depth, detail and order.
    /// - Returns: a lazy walker; nothing below `path` is read until its first ``DirectoryWalker/next()``.
    /// - Throws: ``FileError`` when `path` is not a readable directory.
    public func walk(_ path: SandboxPath, options: WalkOptions = WalkOptions()) throws(FileError) -> DirectoryWalker {
        let descriptor = try container.openDirectory(path, operation: "walk")
        let attributes: FileAttributes
        do {
            let status = try descriptor.status()
            attributes = Files.attributes(status: status, name: "", in: descriptor)
        } catch {
            throw failure(error, "walk", path)
        }
        return DirectoryWalker(
            root: path, descriptor: descriptor, attributes: attributes, options: options,
            mount: path == .home ? bundleMount(options) : nil)
    }

    /// The bundle as the Home's `Folio.app` directory in a walk of the Home (none when it is missing).
    private func bundleMount(_ options: WalkOptions) -> MountedDirectory? {
        guard let bundle = try? attributes(of: .bundle, followSymbolicLinks: true) else { return nil }
        var entry = WalkEntry(directory: "", name: Area.bundle.directoryName, type: .directory, depth: 1)
        if options.detail != .names {
            entry.size = bundle.size
            entry.modificationTime = bundle.modificationTime
            entry.posixPermissions = bundle.posixPermissions
        }
        if options.detail == .full {
            entry.attributes = bundle
        }
        return MountedDirectory(entry: entry, options: options) { options in
            try walk(.bundle, options: options)
        }
    }

    /// The entries of the directory at `path` (not recursive), sorted by name; the Home's include
    /// the bundle, `Folio.app`.
    ///
    /// - Parameters:
    ///   - detail: what to read about each entry.
    ///   - includesHidden: include names starting with `.`.
    /// - Throws: ``FileError`` when `path` is not a readable directory.
    /// - Complexity: O(n log n) in the number of entries.
    public func contentsOfDirectory(
        _ path: SandboxPath,
        detail: WalkOptions.Detail = .basic,
        includesHidden: Bool = true
    ) throws(FileError) -> [WalkEntry] {
        let walker = try walk(
            path,
            options: WalkOptions(isRecursive: false, detail: detail, order: .name, includesHidden: includesHidden))
        let entries = Array(walker)
        if let problem = walker.problems.first {
            throw problem
        }
        return entries
    }
}
