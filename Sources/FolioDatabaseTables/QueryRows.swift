import FolioDatabase
import FolioTables
import Foundation

/// The results of an SQL query as the rows of a table view: the adapter between FolioDatabase and
/// FolioTables.
///
/// The query is never read whole: rows are fetched a page at a time (`LIMIT`/`OFFSET` around the
/// query) when the table asks for them, and only a few pages are kept, so a table over a million
/// rows holds the rows of its visible window. Counting stops at the limit the table asks for.
/// Values are shown as text: NULL as an empty cell, a BLOB as its size.
///
/// ```swift
/// let db = try Database(path: "financial.db", mode: .readOnly)
/// let rows = try QueryRows(db, sql: "SELECT symbol, purchasePrice FROM stocks WHERE purchasePrice > ?", arguments: [20])
/// let table = TableView(dataSource: try RowsDataSource(source: rows, mapping: ColumnMapping(text: 0, detail: 1)))
/// ```
public final class QueryRows: RowSource {
    /// The query's column names.
    public let columns: [String]
    /// The query, as given.
    public let sql: String
    private let db: Database
    private let arguments: StatementArguments
    private var pages: [Int: [[String]]] = [:]
    private var pageOrder: [Int] = []
    private var knownCount: Int?

    /// Rows fetched at a time.
    static let pageSize = 256
    /// Pages kept; the oldest is dropped first.
    static let keptPages = 4

    /// Rows of `sql`, one read-only statement that returns rows, with `arguments` bound.
    ///
    /// The SQL must pass ``Database/prepareReadOnlyQuery(_:)``, the rule of every query box; the
    /// rows are read with ``Database/page(_:limits:)``, the paging of every table view.
    /// - Throws: ``DatabaseError`` when the SQL does not compile or bind, `.readOnly` when it
    ///   would change the database or the connection, `.misuse` when it is several statements or
    ///   returns no columns.
    public init(_ db: Database, sql: String, arguments: StatementArguments = []) throws {
        let first = try db.page(RowPageRequest(.query(sql, arguments), limit: 0, counting: .none))
        self.columns = first.columns
        self.sql = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        self.db = db
        self.arguments = arguments
    }

    public func rowCount(upTo limit: Int) throws(TableError) -> Int {
        if let knownCount { return min(knownCount, limit) }
        let count: Int
        do {
            count = try db.page(RowPageRequest(.query(sql, arguments), limit: 0, counting: .upTo(limit))).total ?? 0
        } catch {
            throw queryFailed(error, operation: "count rows")
        }
        if count < limit || limit == Int.max {
            knownCount = count
        }
        return count
    }

    public func row(at index: Int) throws(TableError) -> [String] {
        guard index >= 0 else { throw noSuchRow(index) }
        let page = index / Self.pageSize
        let rows: [[String]]
        do {
            rows = try self.page(page)
        } catch {
            throw queryFailed(error, operation: "read row")
        }
        let offset = index - page * Self.pageSize
        guard offset < rows.count else { throw noSuchRow(index) }
        return rows[offset]
    }

    private func page(_ number: Int) throws(DatabaseError) -> [[String]] {
        if let rows = pages[number] { return rows }
        let request = RowPageRequest(
            .query(sql, arguments), offset: number * Self.pageSize, limit: Self.pageSize, counting: .none)
        let rows = try db.page(request).rows.map { row in row.map(Self.text) }
        pages[number] = rows
        pageOrder.append(number)
        if pageOrder.count > Self.keptPages {
            pages[pageOrder.removeFirst()] = nil
        }
        return rows
    }

    /// A failure of SQLite as the table's error, keeping the database error as its cause.
    private func queryFailed(_ error: DatabaseError, operation: String) -> TableError {
        TableError(.readFailed, operation: operation, subject: sql, reason: error.message, underlying: error)
    }

    private func noSuchRow(_ index: Int) -> TableError {
        TableError(.noSuchRow, operation: "read row", subject: sql, reason: "the query has no row \(index + 1)")
    }

    /// A value as a cell shows it.
    static func text(_ value: RowPage.Value) -> String {
        switch value {
        case .stored(.null): ""
        case .stored(.integer(let number)): String(number)
        case .stored(.real(let number)): DatabaseValue.realText(number)
        case .stored(.text(let text)): text
        case .stored(.blob(let data)): "<BLOB \(data.count) B>"
        case .blob(let summary): "<BLOB \(summary.size) B>"
        }
    }
}
