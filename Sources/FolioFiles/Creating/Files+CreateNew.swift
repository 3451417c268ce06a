import FolioSandbox
import FolioSystem
import Foundation

extension Files {
    /// Writes a new file at `path` or, when that name is taken, at the first free name of
    /// `stem 2.ext`, `stem 3.ext`, … (see ``FileName/numberedVariants(of:start:limit:)``).
    ///
    /// Nothing is ever replaced: the contents are written and flushed once, then the candidate
    /// names are claimed one by one with `linkat` (or `renameat2(RENAME_NOREPLACE)`), which fails
    /// atomically for a name that is taken — however recently, by whichever process. So two
    /// programs creating "Untitled" in the same instant get two files.
    ///
    /// - Parameters:
    ///   - numberingFrom: the first number to try (1 tries `path` itself); a caller that created
    ///     `stem 7.ext` a moment ago can start at 8.
    ///   - permissions: the new file's permission bits, whatever the umask.
    /// - Returns: the path the file was created at.
    /// - Throws: ``FileError`` `.alreadyExists` when 100,000 names are all taken, or another error.
    /// - Complexity: one system call per name tried.
    @discardableResult
    public func writeNewFile<Bytes: DataProtocol>(
        _ bytes: Bytes,
        at path: SandboxPath,
        numberingFrom start: Int = 1,
        permissions: UInt32 = 0o600
    ) throws(FileError) -> SandboxPath {
        let operation = "create"
        let entry = try container.entry(path, operation: operation)
        let contents = Array(bytes)
        do {
            let name = try entry.directory.createFileAtomically(
                firstFreeOf: FileName.numberedVariants(of: entry.name, start: start),
                names: try container.temporaryNames(for: entry, operation: operation), mode: permissions
            ) { descriptor in
                try descriptor.writeAll(contents)
            }
            guard let parent = path.parent else { return path }
            return try parent.appending(name)
        } catch let error as SystemError where error.errno == .fileExists {
            throw FileError(
                .alreadyExists, operation: operation, subject: path.description,
                reason: "every numbered variant of the name is taken", errno: error.errno.rawValue)
        } catch {
            throw failure(error, operation, path)
        }
    }
}
