/// What opening a container found and settled of the work of writers that were interrupted (a
/// process killed in the middle of a save, a copy, a deletion).
public struct RecoveryReport: Sendable, Hashable {
    /// Journals of writers that are gone, settled and removed.
    public var journals = 0
    /// Temporary entries removed: hidden copies, half-made directories, a save's old contents.
    public var removed = 0
    /// Directories built under a hidden name that were complete, given their names (a trash item
    /// whose document had been moved in).
    public var published = 0
    /// What could not be settled, as sentences; it is tried again the next time the container is opened.
    public var problems: [String] = []

    /// An empty report.
    public init() {}
}
