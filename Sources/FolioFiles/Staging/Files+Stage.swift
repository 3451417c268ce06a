import FolioSandbox
import FolioSystem

extension Files {
    /// Makes an empty private directory (0700) under a hidden name beside `destination`, to fill
    /// and then publish there whole (see ``StagedDirectory``).
    ///
    /// - Throws: ``FileError`` when the directory cannot be made.
    package func stageDirectory(at destination: SandboxPath) throws(FileError) -> StagedDirectory {
        let operation = "create directory"
        let entry = try container.entry(destination, operation: operation)
        let names = try container.temporaryNames(for: entry, operation: operation)
        var attempts = 0
        while true {
            let claim: TemporaryClaim
            do {
                claim = try names.claim(beside: entry.name, intent: .publish(as: entry.name))
                try entry.directory.makeDirectory(claim.name, mode: 0o700)
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
                continue
            } catch {
                throw failure(error, operation, destination)
            }
            let staged = try staging(claim, in: entry, destination: destination)
            do {
                try entry.directory.open(claim.name, flags: [.directory, .noFollow]).setPermissions(0o700)
            } catch {
                staged.abandon()
                throw failure(error, operation, destination)
            }
            return staged
        }
    }

    /// Moves the directory at `path` to a hidden name beside it, to take it apart there.
    ///
    /// - Parameter restorable: should this writer die before it finishes, give the directory its
    ///   name back if it still holds anything visible (a restore that did not get to move the
    ///   document out); otherwise it is removed (a trash item being destroyed).
    /// - Throws: ``FileError`` `.notFound` when there is nothing at `path` (another process took
    ///   it first).
    package func stage(existing path: SandboxPath, restorable: Bool) throws(FileError) -> StagedDirectory {
        let operation = "stage"
        let entry = try container.entry(path, operation: operation)
        let names = try container.temporaryNames(for: entry, operation: operation)
        var attempts = 0
        while true {
            let claim: TemporaryClaim
            do {
                claim = try names.claim(beside: entry.name, intent: restorable ? .publish(as: entry.name) : .discard)
                try entry.directory.rename(entry.name, to: claim.name, in: entry.directory, mode: .noReplace)
            } catch  where error.errno == .fileExists && attempts < 100 {
                attempts += 1
                continue
            } catch {
                throw failure(error, operation, path)
            }
            InterruptionPoint.entryStaged.reach()
            return try staging(claim, in: entry, destination: path)
        }
    }

    private func staging(_ claim: TemporaryClaim, in entry: ResolvedEntry, destination: SandboxPath)
        throws(FileError) -> StagedDirectory
    {
        guard let parent = destination.parent else {
            throw FileError(
                .readOnly, operation: "stage", subject: destination.description, reason: "an area cannot be staged")
        }
        return StagedDirectory(
            path: try parent.appending(claim.name), destination: destination, parent: entry.directory, claim: claim)
    }
}
