import FolioCore
import FolioSandbox

/// The error of every FolioDatabase operation: SQLite's result codes and message, the SQL, and the
/// operation that failed.
///
/// SQLite reports a *primary* result code (``code``, such as ``Code/constraint``) and an
/// *extended* one that says more (``extendedCode``, such as ``Code/constraintUnique``). Errors that
/// FolioDatabase detects itself (a value of the wrong type while decoding, a missing parameter)
/// use the SQLite code that fits, with a message that names the column or parameter:
///
/// ```
/// insert failed for Library/Database/financial.db: UNIQUE constraint failed: stocks.symbol
/// (constraintUnique) in `INSERT INTO stocks VALUES (?, ?, ?, ?)`
/// ```
///
/// Match on the codes:
///
/// ```swift
/// do {
///     try db.execute("INSERT INTO stocks VALUES (?, ?, ?, ?)", "GOOG", 600.77, 20, "01-09-2007")
/// } catch where error.code == .constraint {
///     // A row with that symbol exists.
/// }
/// ```
public struct DatabaseError: FolioError, Hashable {
    /// The primary result code: what kind of failure (`SQLITE_CONSTRAINT` is ``Code/constraint``).
    public var code: Code
    /// The extended result code: the primary code with more detail (`SQLITE_CONSTRAINT_UNIQUE` is
    /// ``Code/constraintUnique``); equal to ``code`` when SQLite gives no more detail.
    public var extendedCode: Code
    /// SQLite's message (`sqlite3_errmsg`), or FolioDatabase's for errors it detects itself.
    public var message: String
    /// The SQL of the statement that failed, when there was one.
    public var sql: String?
    /// The operation that failed, e.g. `"open database"`, `"execute"`, `"decode Stock"`.
    public var operation: String
    /// What the operation applied to, when it is not the SQL: the database file, a column, a
    /// function; empty when there is nothing to name but the SQL.
    public var subject: String
    /// The container's error when opening a database inside a container failed before SQLite was
    /// reached (a path leading outside the container, a write to the read-only bundle).
    public var fileError: FileError?

    /// Makes an error; `extendedCode` defaults to `code`.
    public init(
        _ code: Code,
        extendedCode: Code? = nil,
        message: String,
        sql: String? = nil,
        operation: String,
        subject: String? = nil,
        fileError: FileError? = nil
    ) {
        self.code = code.primary
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.operation = operation
        self.subject = subject ?? ""
        self.fileError = fileError
    }

    /// The extended code's name (`constraintUnique`), which says more than the primary one: what
    /// the description, the CLI's `--json` errors and the web API's answers name.
    public var reportedCode: String { extendedCode.description }

    /// SQLite's message (``message``), as the reason of the shared error shape.
    public var reason: String { message }

    /// The container's error (``fileError``), as the failure this error was made from.
    public var underlying: (any FolioError)? { fileError }

    /// `execute failed for financial.db: no such table: stock (error) in `SELECT * FROM stock``,
    /// with the extended code and characters a terminal would act on escaped.
    public var description: String {
        let text = FolioErrorMessage.sentence(
            operation: operation, subject: subject, reason: message, code: reportedCode)
        guard let sql else { return text }
        return text + " in `" + UntrustedText.escaped(DatabaseError.abbreviated(sql)) + "`"
    }

    /// The SQL on one line and at most 200 characters, for messages.
    static func abbreviated(_ sql: String) -> String {
        var text = ""
        var lastWasSpace = false
        for character in sql.trimmingSpaces() {
            let isSpace = character.isWhitespace
            if isSpace {
                if !lastWasSpace {
                    text.append(" ")
                }
            } else {
                text.append(character)
            }
            lastWasSpace = isSpace
            if text.count > 200 {
                return String(text.prefix(199)) + "…"
            }
        }
        return text
    }
}

extension StringProtocol {
    /// The string without leading and trailing white space.
    func trimmingSpaces() -> SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
