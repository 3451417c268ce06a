/// A table or view of a database, as its schema describes it.
public struct TableInfo: Sendable, Hashable, Codable {
    /// Whether it is a table or a view.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A table.
        case table
        /// A view.
        case view
    }

    /// The name.
    public var name: String
    /// Table or view.
    public var kind: Kind
    /// The columns, in order.
    public var columns: [ColumnInfo]
    /// The `CREATE` statement that made it.
    public var sql: String
    /// Whether its rows have a rowid: every table but those made `WITHOUT ROWID` (as SQLite's
    /// `pragma_table_list` says, not a guess from the statement's text); never a view.
    public var hasRowID: Bool

    /// Makes a description.
    public init(name: String, kind: Kind, columns: [ColumnInfo], sql: String, hasRowID: Bool? = nil) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.sql = sql
        self.hasRowID = hasRowID ?? (kind == .table)
    }
}

/// A column of a table or view.
public struct ColumnInfo: Sendable, Hashable, Codable {
    /// The name.
    public var name: String
    /// The declared type, as written (`VARCHAR(5)`, `FLOAT(10,4)`), or empty.
    public var declaredType: String
    /// Whether it is `NOT NULL`.
    public var isNotNull: Bool
    /// The default value's SQL text, if any.
    public var defaultValue: String?
    /// Its position in the primary key (1 for the first), or 0 when it is not part of it.
    public var primaryKeyPosition: Int

    /// Makes a description.
    public init(name: String, declaredType: String, isNotNull: Bool, defaultValue: String?, primaryKeyPosition: Int) {
        self.name = name
        self.declaredType = declaredType
        self.isNotNull = isNotNull
        self.defaultValue = defaultValue
        self.primaryKeyPosition = primaryKeyPosition
    }

    enum CodingKeys: String, CodingKey {
        case name
        case declaredType = "type"
        case isNotNull = "notnull"
        case defaultValue = "dflt_value"
        case primaryKeyPosition = "pk"
    }
}
