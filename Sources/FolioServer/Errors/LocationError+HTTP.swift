import FolioHTTP
import FolioLocation

/// How the web API answers a location error.
extension LocationError: HTTPResponseError {
    /// 404 for an unknown place or track; 451 for an address the service may not give; 400 for
    /// input that is not a place; 409 for a taken name; 502 when a geocoding service or gpsd failed.
    public func status(for request: HTTPRequest) -> HTTPStatus {
        switch code {
        case .notFound, .unknownAddress, .empty: .notFound
        case .unavailableAddress: .unavailableForLegalReasons
        case .invalidCoordinate, .invalidArgument, .malformed, .badRequest, .missingTime, .badChecksum: .badRequest
        case .alreadyExists: .conflict
        case .connectionFailed, .badKey, .quotaExceeded, .serverError, .badReply, .noFix: .badGateway
        default: .internalServerError
        }
    }
}
