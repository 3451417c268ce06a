/// A change in the library, for a view that stays live.
///
/// Events come from the kernel (inotify), so changes made by other processes and other programs
/// — a shell, an editor, a sync tool — arrive like Folio's own.
public enum DocumentEvent: Sendable, Hashable, CustomStringConvertible {
    /// A document appeared (created, copied, moved in, restored from the trash).
    case created(String)
    /// A document was renamed.
    case renamed(from: String, to: String)
    /// A document went away (deleted, moved to the trash, moved out).
    case deleted(String)
    /// A document's contents or dates changed.
    case modified(String)
    /// Another document became current (nil: none is selected).
    case currentChanged(String?)
    /// Changes were lost (the kernel's queue overflowed): list the documents again.
    case refreshNeeded

    /// The event in a few words, e.g. `renamed a.txt → b.txt`.
    public var description: String {
        switch self {
        case .created(let name): "created \(name)"
        case .renamed(let from, let to): "renamed \(from) → \(to)"
        case .deleted(let name): "deleted \(name)"
        case .modified(let name): "modified \(name)"
        case .currentChanged(let name): "current \(name ?? "none")"
        case .refreshNeeded: "refresh needed"
        }
    }
}
