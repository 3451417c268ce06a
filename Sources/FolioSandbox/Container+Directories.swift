import FolioSystem

extension Container {
    /// Creates the directory at `path` and any missing parents, each with `mode` exactly.
    ///
    /// Existing directories along the way are kept as they are; an existing file in the way is an
    /// error. The corresponding C function is `mkdirat`, called relative to each parent.
    /// - Returns: true when the final directory was created, false when it already existed.
    /// - Throws: ``FileError`` (`.notDirectory` when a file is in the way, `.readOnly` for the bundle).
    @discardableResult
    package func makeDirectories(_ path: SandboxPath, mode: UInt32 = 0o700, operation: String) throws(FileError)
        -> Bool
    {
        try requireWritable(path, operation: operation)
        var created = false
        var current = SandboxPath(unchecked: path.area, [])
        for component in path.components {
            current = SandboxPath(unchecked: path.area, current.components + [component])
            created = try makeDirectory(current, mode: mode, operation: operation, existingIsFine: true)
        }
        return created
    }

    /// Creates one directory whose parent exists.
    ///
    /// - Returns: true when created; false when a directory was already there and `existingIsFine`.
    /// - Throws: ``FileError`` `.alreadyExists` when something is there and not `existingIsFine`.
    @discardableResult
    package func makeDirectory(
        _ path: SandboxPath,
        mode: UInt32 = 0o700,
        operation: String,
        existingIsFine: Bool = false
    ) throws(FileError) -> Bool {
        let entry = try entry(path, operation: operation)
        do {
            try entry.directory.makeDirectory(entry.name, mode: mode)
            let created = try entry.directory.open(entry.name, flags: [.directory, .noFollow])
            try created.setPermissions(mode)
            return true
        } catch  where error.errno == .fileExists && existingIsFine {
            let existing = try open(path, flags: [.pathOnly], operation: operation)
            let kind: FileKind
            do {
                kind = try existing.status().kind
            } catch {
                throw FileError(error, operation: operation, subject: path.description)
            }
            guard kind == .directory else {
                throw FileError(
                    .notDirectory, operation: operation, subject: path.description,
                    reason: "a file that is not a directory is in the way")
            }
            return false
        } catch {
            throw FileError(error, operation: operation, subject: path.description)
        }
    }
}
