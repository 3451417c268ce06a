/// Which row of a table an edit changes: by its rowid, or — for a table made `WITHOUT ROWID`,
/// which has none — by the values of its primary key.
public enum RowKey: Sendable, Hashable {
    /// The row with this rowid.
    case rowID(Int64)
    /// The row whose primary-key columns hold these values (every primary-key column named).
    case primaryKey([String: DatabaseValue])
}
