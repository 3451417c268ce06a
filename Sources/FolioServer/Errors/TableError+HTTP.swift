import FolioHTTP
import FolioTables

/// How the web API answers a table error.
extension TableError: HTTPResponseError {
    /// 422 for a file that does not parse as its format (CSV, JSON, XML, text that is not UTF-8)
    /// and for an XPath that needs more work or memory than its limits; 400 for a request that names what is not there (a column, an XPath that is not valid, a
    /// format Folio does not read); 409 for an edit the table does not allow; else 500.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        switch code {
        case .malformedCSV, .malformedJSON, .malformedXML, .invalidEncoding, .limitExceeded: .unprocessableContent
        case .unknownColumn, .invalidXPath, .unsupportedFormat, .noSuchRow, .invalidCommand, .invalidValues: .badRequest
        case .notEditable, .inconsistentUpdate: .conflict
        default: .internalServerError
        }
    }
}
