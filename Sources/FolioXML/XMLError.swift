import FolioCore

/// The error of every FolioXML operation: which operation, on what, why, and where in the text.
///
/// The ``description`` reads like
/// `parse XML failed for reply.xml: malformed XML at line 1, column 11: Opening and ending tag
/// mismatch: b line 1 and a (malformed)`.
public struct XMLError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"malformed"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioXML uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The text is not well-formed XML, or it uses what Folio refuses (entity declarations,
        /// elements nested deeper than the parser's limit).
        public static let malformed = Code("malformed")
        /// An XPath expression that is not valid XPath 1.0, or that fails when it is evaluated
        /// (a value of the wrong type, an undeclared namespace prefix).
        public static let invalidXPath = Code("invalidXPath")
        /// An XPath expression that needs more work, nesting or memory than its limits allow.
        public static let limitExceeded = Code("limitExceeded")
        /// The bytes could not be read (the reader's own error is in the reason).
        public static let readFailed = Code("readFailed")
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed, e.g. `"parse XML"`.
    public var operation: String
    /// What it was applied to: a document's name, or an expression.
    public var subject: String
    /// A sentence for people: why it failed, with the place when it is known.
    public var reason: String
    /// The line of the problem, from 1, when libxml2 reports one.
    public var line: Int?
    /// The column of the problem, from 1, when libxml2 reports one.
    public var column: Int?
    /// The error of the byte source, when reading the bytes failed with a Folio error (a file's).
    public var underlying: (any FolioError)?

    /// Makes an error.
    public init(
        _ code: Code, operation: String, subject: String, reason: String, line: Int? = nil, column: Int? = nil,
        underlying: (any FolioError)? = nil
    ) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.line = line
        self.column = column
        self.underlying = underlying
    }
}
