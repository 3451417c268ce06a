import FolioCore
import FolioSandbox

/// The error of every FolioLocation operation: which operation, on what, why.
///
/// The ``description`` reads
/// `geocode failed for "1600 Pennsylvania Ave": the service knows no such address (unknownAddress)`.
/// A failure is always an error, never a value that looks like data (the sample code this replaces
/// answered `404, 404` as coordinates when the service failed).
public struct LocationError: FolioError, Hashable {
    /// What went wrong, as a stable identifier a program can match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"badChecksum"`.
        public let rawValue: String

        /// Makes a code; the static members are the ones FolioLocation uses.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// A latitude outside -90…90, a longitude outside the range the input allows, or a value
        /// that is not a number.
        public static let invalidCoordinate = Code("invalidCoordinate")
        /// An argument is out of range or malformed (a negative distance, an unknown unit).
        public static let invalidArgument = Code("invalidArgument")
        /// An NMEA sentence whose checksum does not match its contents.
        public static let badChecksum = Code("badChecksum")
        /// Input that does not follow its format (NMEA, GPX, gpsd JSON, a geocoder reply).
        public static let malformed = Code("malformed")
        /// A point that needs a time has none.
        public static let missingTime = Code("missingTime")
        /// A track, file or log that holds no points.
        public static let empty = Code("empty")
        /// The receiver has no position fix.
        public static let noFix = Code("noFix")
        /// A connection to a location source or service failed or was closed.
        public static let connectionFailed = Code("connectionFailed")
        /// The geocoder knows no such address or place.
        public static let unknownAddress = Code("unknownAddress")
        /// The address is known but cannot be returned (legal or contractual reasons).
        public static let unavailableAddress = Code("unavailableAddress")
        /// The request was malformed or had no query.
        public static let badRequest = Code("badRequest")
        /// The service refused every key it was given.
        public static let badKey = Code("badKey")
        /// Every key has used up its quota.
        public static let quotaExceeded = Code("quotaExceeded")
        /// The service failed on its side.
        public static let serverError = Code("serverError")
        /// A service's reply is not what its protocol says (not JSON, too large, a position out of range).
        public static let badReply = Code("badReply")
        /// Nothing matches the query.
        public static let notFound = Code("notFound")
        /// A name that is already taken (a track name).
        public static let alreadyExists = Code("alreadyExists")
        /// Storage underneath failed (the database or a file).
        public static let storageFailed = Code("storageFailed")
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed, e.g. `"geocode"`.
    public var operation: String
    /// What it was applied to: a query, a file, a line of a log.
    public var subject: String
    /// A sentence for people: why it failed.
    public var reason: String
    /// The failure of the storage underneath (a ``DatabaseError``, a ``FileError``), when there was one.
    public var underlying: (any FolioError)?

    /// The C error number behind the failure: the one a system call here returned (a refused
    /// connection to gpsd is `ECONNREFUSED`), else the one of the ``underlying`` error.
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

    /// `text` fit to quote in a message: cut to `limit` characters with `…`, and with what a
    /// terminal would act on (a carriage return, an escape) written as escapes, as
    /// `UntrustedText` writes them.
    static func quoted(_ text: some StringProtocol, limit: Int) -> String {
        UntrustedText.escaped(text.count > limit ? String(text.prefix(limit)) + "…" : String(text))
    }
}
