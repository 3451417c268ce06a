import FolioArchive
import FolioFiles
import FolioSandbox

extension DocumentLibrary {
    /// `Library/Preferences/`.
    static let preferencesDirectory = fixedPath("Library/Preferences")

    /// `Library/Preferences/documents.json`.
    static let preferencesPath = fixedPath("Library/Preferences/" + LibraryPreferences.fileName)

    /// A path of the library's own, written in the source.
    static func fixedPath(_ text: String) -> SandboxPath {
        do {
            return try SandboxPath(parsing: text)
        } catch {
            preconditionFailure("a fixed path parses: \(error)")
        }
    }

    /// The stored preferences.
    ///
    /// A missing file means none yet. A damaged one (or one of another type) is treated as empty
    /// and replaced at the next change: it only remembers a selection, which the library can choose
    /// again. One written by a newer Folio is an error, so it is never overwritten.
    func readPreferences(operation: String) throws(DocumentError) -> LibraryPreferences {
        do {
            return try Archiver().unarchive(LibraryPreferences.self, from: DocumentLibrary.preferencesPath, in: files)
        } catch let error where [.notFound, .corrupt, .wrongType].contains(error.code) {
            return LibraryPreferences()
        } catch {
            throw DocumentError(error, operation: operation)
        }
    }

    /// Reads, changes and writes the preferences under an exclusive lock on `Library/Preferences/`.
    ///
    /// `body` must not take the lock itself (it is not reentrant): it may create, move or describe
    /// documents, never select them. What it changes on disk it adds to the ``Rollback``; if the
    /// body fails or the preferences cannot be written (a full disk), those changes are undone,
    /// so the operation fails having changed nothing.
    func updatePreferences<Result>(
        operation: String,
        _ body: (inout LibraryPreferences, inout Rollback) throws -> Result
    ) throws(DocumentError) -> Result {
        try DocumentError.translating(operation) {
            try files.withLock(on: DocumentLibrary.preferencesDirectory) {
                var preferences = try readPreferences(operation: operation)
                let before = preferences
                var rollback = Rollback()
                do {
                    let result = try body(&preferences, &rollback)
                    if preferences != before {
                        try Archiver(format: .json).archive(
                            preferences, to: DocumentLibrary.preferencesPath, in: files)
                    }
                    return result
                } catch {
                    throw rollback.undo(after: error, operation: operation)
                }
            }
        }
    }
}
