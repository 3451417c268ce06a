/// Counts the bytes of the values copied out of a statement's rows, against the size limits of
/// ``QueryLimits``, so that a value or a result that is too large is refused before it is copied.
///
/// ```swift
/// var budget = ResultBudget(limits)
/// try statement.forEachRow { row in
///     try budget.admit(row, column: 0)
///     names.append(try row.value(at: 0))
/// }
/// ```
/// Text and BLOBs count with their size in bytes (read with `sqlite3_column_bytes`, without
/// copying them), numbers as 8 bytes and NULL as none.
public struct ResultBudget: Sendable {
    /// The limits counted against.
    public let limits: QueryLimits
    /// The bytes admitted so far.
    public private(set) var byteCount = 0

    /// An empty budget for `limits`.
    public init(_ limits: QueryLimits) {
        self.limits = limits
    }

    /// Counts column `index` of `row`, about to be copied.
    ///
    /// - Throws: ``DatabaseError`` `.tooBig` when the value is larger than the value size limit,
    ///   or the values admitted would be more than the result size limit.
    public mutating func admit(_ row: Row, column index: Int) throws(DatabaseError) {
        let size: Int
        switch row.storageClass(at: index) {
        case .null: size = 0
        case .integer, .real: size = 8
        case .text, .blob: size = row.byteCount(at: index)
        }
        if let limit = limits.valueSizeLimit, size > limit {
            let names = row.columnNames
            let name = index < names.count ? names[index] : "\(index + 1)"
            throw row.statement.failure(
                .tooBig,
                "column \(name) holds a value of \(ByteCount(size)); a value may hold at most \(ByteCount(limit)) here",
                operation: "run query")
        }
        byteCount += size
        if let limit = limits.resultSizeLimit, byteCount > limit {
            throw row.statement.failure(
                .tooBig, "the result is larger than \(ByteCount(limit)); ask for fewer rows or columns",
                operation: "run query")
        }
    }
}
