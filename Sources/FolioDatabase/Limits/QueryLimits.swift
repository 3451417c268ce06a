/// Bounds for SQL run on someone else's behalf, such as the web app's query box: how long it may
/// run, how many rows and bytes it may return, and when to stop because nobody wants the answer.
///
/// ```swift
/// let limits = QueryLimits(rowLimit: 1000, isCancelled: { request.cancellation.isCancelled })
/// let result = try db.query("SELECT * FROM stocks WHERE purchasePrice > ?", arguments: [20], limits: limits)
/// ```
/// ``Database/withLimits(_:_:)`` applies the time limit, the cancellation check and the value size
/// limit to every statement a block of code runs; ``Database/query(_:arguments:limits:)`` also
/// stops at the row limit and refuses a result over the size limit before copying its values.
public struct QueryLimits: Sendable {
    /// How long the statements may run, counted from when ``Database/withLimits(_:_:)`` begins;
    /// nil for no limit. Statements still running then stop with
    /// ``DatabaseError/Code/interrupted``.
    public var timeLimit: Duration?
    /// The most rows ``Database/query(_:arguments:limits:)`` returns; when there are more, the
    /// result says it is truncated. Nil for no limit.
    public var rowLimit: Int?
    /// The longest string or BLOB, in bytes, that SQL may make or read (a value too long fails with
    /// ``DatabaseError/Code/tooBig`` before SQLite allocates it: `SQLITE_LIMIT_LENGTH`); nil for
    /// SQLite's own limit.
    public var valueSizeLimit: Int?
    /// The most bytes of values one result may hold (text and BLOBs by their size, numbers as 8);
    /// nil for no limit. See ``ResultBudget``.
    public var resultSizeLimit: Int?
    /// Asked while statements run; once it returns true they stop with
    /// ``DatabaseError/Code/interrupted``. It is called from the thread running the statement.
    public var isCancelled: @Sendable () -> Bool

    /// The default time limit, 5 s.
    public static let defaultTimeLimit: Duration = .seconds(5)
    /// The default size limit of a value and of a result, 32 MiB.
    public static let defaultSizeLimit = 32 << 20

    /// Limits with the given bounds; by default 5 s, 32 MiB per value and per result, no row limit,
    /// never cancelled.
    public init(
        timeLimit: Duration? = QueryLimits.defaultTimeLimit,
        rowLimit: Int? = nil,
        valueSizeLimit: Int? = QueryLimits.defaultSizeLimit,
        resultSizeLimit: Int? = QueryLimits.defaultSizeLimit,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.timeLimit = timeLimit
        self.rowLimit = rowLimit
        self.valueSizeLimit = valueSizeLimit
        self.resultSizeLimit = resultSizeLimit
        self.isCancelled = isCancelled
    }
}
