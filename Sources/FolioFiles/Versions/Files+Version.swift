import FolioSandbox
import FolioSystem

extension Files {
    /// The current version of the file at `path` (a symbolic link is not followed).
    ///
    /// - Throws: ``FileError`` `.notFound` and the like.
    public func version(of path: SandboxPath) throws(FileError) -> FileVersion {
        let entry = try container.entry(path, forWriting: false, operation: "stat")
        do {
            return FileVersion(try entry.directory.status(of: entry.name, full: false))
        } catch {
            throw failure(error, "stat", path)
        }
    }
}

extension OpenFile {
    /// The version of the open file — of exactly the file this handle reads, even if its name has
    /// since been given to another file. Take it before reading to know what a later save is based on.
    ///
    /// - Throws: ``FileError`` when the file is closed.
    public func version() throws(FileError) -> FileVersion {
        guard let descriptor = underlyingDescriptor else {
            throw FileError(
                .invalidArgument, operation: "stat", subject: path.description, reason: "the file is closed")
        }
        do {
            return FileVersion(try descriptor.status(full: false))
        } catch {
            throw FileError(error, operation: "stat", subject: path.description)
        }
    }
}
