import FolioSandbox
import FolioSystem

/// A directory that exists under a hidden name while an operation works in it, and then either
/// gets its name, whole, or is taken apart: a trash item being made, restored or destroyed.
///
/// The hidden name (`.NAME.folio-WRITER-RANDOM.tmp`) is recorded in the writer's journal before
/// the directory exists, with what to do should the writer be killed: a directory being made is
/// given its name at the next opening of the container if it holds anything visible by then,
/// and removed otherwise; one being destroyed is removed. So a crash never leaves a half-made
/// directory under a name a listing shows. Made by ``Files/stageDirectory(at:)`` and
/// ``Files/stage(existing:restorable:)``.
package final class StagedDirectory: Sendable {
    /// The directory's container path while it is staged: work inside it.
    package let path: SandboxPath
    /// The path it gets when published.
    package let destination: SandboxPath
    private let parent: FileDescriptor
    private let claim: TemporaryClaim

    init(path: SandboxPath, destination: SandboxPath, parent: FileDescriptor, claim: TemporaryClaim) {
        self.path = path
        self.destination = destination
        self.parent = parent
        self.claim = claim
    }

    deinit {
        // Neither published nor taken apart (an operation that failed half-way): recovery settles
        // it by its intent once this writer is gone.
        claim.keepForRecovery()
    }

    /// Gives the directory its name, which must be free (`renameat2(RENAME_NOREPLACE)`).
    ///
    /// - Throws: ``FileError`` `.alreadyExists` when the name is taken; the directory stays staged.
    package func publish() throws(FileError) {
        InterruptionPoint.stagedDirectoryFilled.reach()
        guard let name = destination.name else {
            throw FileError(.invalidPath, operation: "publish", subject: destination.description, reason: "no name")
        }
        do {
            try parent.rename(claim.name, to: name, in: parent, mode: .noReplace)
            try parent.syncDirectory()
        } catch {
            throw FileError(error, operation: "publish", subject: destination.description)
        }
        claim.release()
    }

    /// Removes the directory and everything in it.
    ///
    /// - Throws: ``FileError`` when something in it cannot be removed; what is left stays recorded
    ///   and is removed at a later opening of the container, once this writer is gone.
    package func discard() throws(FileError) {
        var remover = TreeRemover(progress: nil)
        do {
            try remover.removeTree(named: claim.name, in: parent)
        } catch {
            claim.keepForRecovery()
            throw FileError(error, operation: "remove", subject: path.description)
        }
        claim.release()
    }

    /// Gives the directory its name back after a failure, when there is a better error to report
    /// than one from this step; should it fail too, recovery does it once this writer is gone.
    package func putBack() {
        do {
            try publish()
        } catch {
            claim.keepForRecovery()
        }
    }

    /// Takes the directory apart after a failure, when there is a better error to report than
    /// one from the clean-up: what cannot be removed is left to recovery, as with ``discard()``.
    package func abandon() {
        var remover = TreeRemover(progress: nil)
        do {
            try remover.removeTree(named: claim.name, in: parent)
            claim.release()
        } catch {
            claim.keepForRecovery()
        }
    }
}
