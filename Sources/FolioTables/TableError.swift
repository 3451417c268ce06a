import FolioCore

/// The error of every FolioTables operation: which operation, on what, why, and the failure of
/// the layer below (an ``XMLError``) it was made from.
///
/// The ``description`` reads like
/// `read CSV failed for Documents/people.csv: line 3, column 7: a quoted field is not closed (malformedCSV)`.
public struct TableError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"malformedCSV"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioTables uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// CSV that breaks RFC 4180 (an unclosed quote, a stray quote, text after a closing quote).
        public static let malformedCSV = Code("malformedCSV")
        /// JSON that is not valid, or not an array of objects or arrays.
        public static let malformedJSON = Code("malformedJSON")
        /// XML that is not well-formed, or uses what Folio refuses (entity declarations, elements
        /// nested more than 256 levels below the root).
        public static let malformedXML = Code("malformedXML")
        /// An XPath expression that is not valid XPath 1.0, nests too deeply, fails when evaluated,
        /// or gives a value where rows (nodes) are needed.
        public static let invalidXPath = Code("invalidXPath")
        /// An XPath or a table that needs more work or memory than its limits allow.
        public static let limitExceeded = Code("limitExceeded")
        /// Text that is not valid UTF-8.
        public static let invalidEncoding = Code("invalidEncoding")
        /// A column named by the caller does not exist.
        public static let unknownColumn = Code("unknownColumn")
        /// An index path names no row of the table.
        public static let noSuchRow = Code("noSuchRow")
        /// The row cannot be edited or moved, or the table is not in editing mode.
        public static let notEditable = Code("notEditable")
        /// A data source's row counts do not match the rows deleted, inserted or moved.
        public static let inconsistentUpdate = Code("inconsistentUpdate")
        /// The source cannot be read.
        public static let readFailed = Code("readFailed")
        /// The format is not one FolioTables reads or writes.
        public static let unsupportedFormat = Code("unsupportedFormat")
        /// An edit command that is not understood.
        public static let invalidCommand = Code("invalidCommand")
        /// Values for a new row that do not fit the table's columns (too many or too few).
        public static let invalidValues = Code("invalidValues")
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed, e.g. `"read CSV"`.
    public var operation: String
    /// What it was applied to: a file, a column, an index path, an expression.
    public var subject: String
    /// A sentence for people: why it failed.
    public var reason: String
    /// The failure this error was made from (the XML parser's), when there was one.
    public var underlying: (any FolioError)?

    /// The C error number behind the failure: the one a system call here returned (`open` or
    /// `pread` of a ``FileBytes``), else the one of the ``underlying`` error.
    public var errno: Int32? { systemErrno ?? underlying?.errno }
    private var systemErrno: Int32?

    /// Makes an error; `errno` is the error number of the system call that failed, when one did.
    public init(
        _ code: Code, operation: String, subject: String, reason: String, underlying: (any FolioError)? = nil,
        errno: Int32? = nil
    ) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.underlying = underlying
        self.systemErrno = errno
    }
}
