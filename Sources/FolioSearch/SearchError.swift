import FolioCore
import FolioDatabase
import FolioSandbox

/// The error of every search operation: which operation, on what, why.
///
/// The ``description`` reads `search failed for "": the query is empty; type a word to search
/// for (emptyQuery)`. A query is never SQL: the words of any text a person types are searched
/// for as words, so the only query errors are an empty query, one without a letter or a digit,
/// and one that is too long. A failure of the index itself (a full disk, an unreadable cache)
/// keeps the failure below it as ``underlying``.
public struct SearchError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"emptyQuery"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioSearch uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The query is empty, or only spaces.
        public static let emptyQuery = Code("emptyQuery")
        /// The query has no letter or digit to search for (only punctuation, such as `"` or `*`).
        public static let noWords = Code("noWords")
        /// The query is longer than ``SearchQuery/maximumLength`` or has more than
        /// ``SearchQuery/maximumWords`` words.
        public static let queryTooLong = Code("queryTooLong")
        /// The index could not be opened, read or written.
        public static let indexFailed = Code("indexFailed")
        /// Documents/ could not be read.
        public static let readFailed = Code("readFailed")
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed: `search`, `index`.
    public var operation: String
    /// The query or path it was applied to.
    public var subject: String
    /// A sentence for people: why it failed.
    public var reason: String
    /// The failure of the layer below (a ``DatabaseError``, a ``FileError``), when there was one.
    public var underlying: (any FolioError)?

    /// Makes an error.
    public init(
        _ code: Code, operation: String, subject: String, reason: String, underlying: (any FolioError)? = nil
    ) {
        self.code = code
        self.operation = operation
        self.subject = subject
        self.reason = reason
        self.underlying = underlying
    }

    /// A failure of the index's database.
    init(_ error: DatabaseError, operation: String, subject: String = SearchIndex.indexPath.description) {
        self.init(
            .indexFailed, operation: operation, subject: subject, reason: "the search index failed: \(error.reason)",
            underlying: error)
    }

    /// A failure to read the files.
    init(_ error: FileError, operation: String) {
        self.init(.readFailed, operation: operation, subject: error.subject, reason: error.reason, underlying: error)
    }

    /// Errors are equal when code, operation, subject and reason are.
    public static func == (lhs: SearchError, rhs: SearchError) -> Bool {
        lhs.code == rhs.code && lhs.operation == rhs.operation && lhs.subject == rhs.subject
            && lhs.reason == rhs.reason
    }

    /// Hashes the code, operation, subject and reason.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(operation)
        hasher.combine(subject)
        hasher.combine(reason)
    }

    /// Runs `body`, translating database and file failures into search errors.
    static func translating<Result>(_ operation: String, _ body: () throws -> Result) throws(SearchError) -> Result {
        do {
            return try body()
        } catch {
            throw wrapping(error, operation: operation)
        }
    }

    /// `error` as a search error for `operation`.
    static func wrapping(_ error: any Error, operation: String) -> SearchError {
        switch error {
        case let error as SearchError:
            error
        case let error as DatabaseError:
            SearchError(error, operation: operation)
        case let error as FileError:
            SearchError(error, operation: operation)
        default:
            SearchError(
                .indexFailed, operation: operation, subject: SearchIndex.indexPath.description,
                reason: "the search index failed: \(error)")
        }
    }
}
