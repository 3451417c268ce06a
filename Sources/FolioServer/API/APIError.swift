import FolioDatabase
import FolioDocuments
import FolioLocation
import FolioSandbox
import FolioTables
import Foundation

/// A failure answered as JSON: `{"error": {"code", "message", …}}` with a fitting status.
struct APIError: Error, Encodable {
    var status: Int
    let code: String
    let message: String
    var operation: String?
    var subject: String?
    var reason: String?
    /// A sentence for a person, where the library has one (the "already exists" message).
    var userMessage: String?

    init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// A library error: its code decides the status (404 for notFound, 409 for alreadyExists, …).
    init(_ error: FileError) {
        self.init(status: APIError.status(for: error.code), code: error.code.rawValue, message: error.description)
        operation = error.operation
        subject = error.subject
        reason = error.reason
    }

    /// A document library error; a taken name carries the seed's sentence for the rename sheet.
    init(_ error: DocumentError) {
        let status: Int =
            switch error.code {
            case .notFound: 404
            case .alreadyExists, .conflict, .ambiguous: 409
            case .invalidName, .unknownKind, .wrongKind: 400
            case .corrupt, .newerVersion: 422
            case .tooLarge: 413
            default: APIError.status(for: FileError.Code(error.code.rawValue))
            }
        self.init(status: status, code: error.code.rawValue, message: error.description)
        operation = error.operation
        subject = error.subject
        reason = error.reason
        userMessage = error.userMessage
    }

    /// A database error: 404 for a missing database, 403 for a write to a read-only one, 400 for SQL
    /// that does not compile or bind, 422 for a file that is not a database.
    init(_ error: DatabaseError) {
        let status: Int
        if let file = error.fileError {
            status = APIError.status(for: file.code)
        } else {
            switch error.code {
            case .readOnly: status = 403
            case .notADatabase, .corrupt: status = 422
            case .busy, .locked: status = 503
            case .cannotOpen: status = 404
            default: status = 400
            }
        }
        self.init(status: status, code: error.code.description, message: error.description)
        operation = error.operation
        subject = error.subject
        reason = error.message
    }

    /// A location error: 404 for an unknown place or track, 400 for input that is not a place,
    /// 409 for a taken name, 502 when a geocoding service failed.
    init(_ error: LocationError) {
        let status: Int =
            switch error.code {
            case .notFound, .unknownAddress, .empty: 404
            case .unavailableAddress: 451
            case .invalidCoordinate, .invalidArgument, .malformed, .badRequest, .missingTime, .badChecksum: 400
            case .alreadyExists: 409
            case .connectionFailed, .badKey, .quotaExceeded, .serverError, .noFix: 502
            default: 500
            }
        self.init(status: status, code: error.code.rawValue, message: error.description)
        operation = error.operation
        subject = error.subject
        reason = error.reason
    }

    /// A table error: 422 for a file that does not parse as its format (CSV, JSON, XML, text that
    /// is not UTF-8) and for an XPath that needs more work or memory than its limits, 400 for a
    /// request that names what is not there (a column, an XPath that is not valid, a format Folio
    /// does not read).
    init(_ error: TableError) {
        let status: Int =
            switch error.code {
            case .malformedCSV, .malformedJSON, .malformedXML, .invalidEncoding, .limitExceeded: 422
            case .unknownColumn, .invalidXPath, .unsupportedFormat, .noSuchRow, .invalidCommand: 400
            case .notEditable, .inconsistentUpdate: 409
            default: 500
            }
        self.init(status: status, code: error.code.rawValue, message: error.description)
        operation = error.operation
        subject = error.subject
        reason = error.reason
    }

    /// The HTTP status for a file error code.
    static func status(for code: FileError.Code) -> Int {
        switch code {
        case .notFound: 404
        case .alreadyExists, .directoryNotEmpty: 409
        case .invalidName, .invalidPath, .invalidArgument, .notDirectory, .isDirectory: 400
        case .outsideContainer, .readOnly, .permissionDenied: 403
        case .tooLarge: 413
        case .noSpace: 507
        case .notSupported: 501
        case .transferFailed: 502
        default: 500
        }
    }

    static func payloadTooLarge(limit: Int) -> APIError {
        APIError(status: 413, code: "tooLarge", message: "the request body is larger than \(limit) bytes")
    }

    static func notFound(_ what: String) -> APIError {
        APIError(status: 404, code: "notFound", message: "\(what) was not found")
    }

    static func noSuchRoute(_ path: String) -> APIError {
        APIError(status: 404, code: "noSuchRoute", message: "nothing is served at \(path)")
    }

    static func badRequest(_ message: String) -> APIError {
        APIError(status: 400, code: "badRequest", message: message)
    }

    static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
        APIError(
            status: 405, code: "methodNotAllowed",
            message: "\(method) is not allowed here (allowed: \(allowed.joined(separator: ", ")))")
    }

    /// The JSON response for this error.
    var response: HTTPResponse {
        HTTPResponse.json(["error": self], status: status)
    }
}

extension APIError {
    /// Any error as an API error: library errors keep their codes; anything else is a 500.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: error
        case let error as FileError: APIError(error)
        case let error as DocumentError: APIError(error)
        case let error as DatabaseError: APIError(error)
        case let error as LocationError: APIError(error)
        case let error as TableError: APIError(error)
        default: APIError(status: 500, code: "internalError", message: "\(error)")
        }
    }
}
