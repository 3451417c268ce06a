/// The changes a library operation made on disk while it changed the preferences, undone newest
/// first when the operation fails — the preferences cannot be written on a full disk, say — so
/// that a failed operation leaves nothing behind: no new document, no document half moved.
struct Rollback {
    private var steps: [(description: String, undo: () throws -> Void)] = []

    /// Adds a step: `undo` takes back the change `description` names ("remove the new document
    /// Documents/x").
    mutating func add(_ description: String, _ undo: @escaping () throws -> Void) {
        steps.append((description, undo))
    }

    /// Undoes every step, newest first.
    ///
    /// - Returns: `error` as a document error, its reason extended with any step that could not
    ///   be undone (what is left behind, so a person can see it).
    func undo(after error: any Error, operation: String) -> DocumentError {
        var failure = DocumentError.wrapping(error, operation: operation, subject: nil)
        for step in steps.reversed() {
            do {
                try step.undo()
            } catch {
                failure.reason += "; could not \(step.description) again: \(error)"
            }
        }
        return failure
    }
}
