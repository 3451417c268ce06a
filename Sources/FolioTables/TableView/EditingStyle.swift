/// What editing a row does.
public enum EditingStyle: String, Sendable, Hashable, CaseIterable, Codable {
    /// Remove the row.
    case delete
    /// Add a row at this position.
    case insert
}
