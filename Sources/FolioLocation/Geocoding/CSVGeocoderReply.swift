import Foundation

/// The chapter's CSV reply, `200,8,33.010003,-96.757923` (status, accuracy, latitude, longitude),
/// read as a pure value: a placemark for status 200, an error for every other status.
enum CSVGeocoderReply {
    /// What a reply means.
    enum Outcome: Equatable {
        /// A position.
        case found(Coordinate, GeocodeAccuracy)
        /// The key was refused or over quota: try another key.
        case rotateKey(LocationError)
        /// A failure another key would not fix.
        case failed(LocationError)
    }

    /// Statuses the service answers in the first field.
    enum Status {
        static let success = 200
        static let badRequest = 400
        static let serverError = 500
        static let missingQuery = 601
        static let unknownAddress = 602
        static let unavailableAddress = 603
        static let unknownDirections = 604
        static let badKey = 610
        static let tooManyQueries = 620
    }

    /// Reads the body of a reply to `query`.
    static func parse(_ body: String, query: String) -> Outcome {
        func error(_ code: LocationError.Code, _ reason: String) -> LocationError {
            LocationError(code, operation: "geocode", subject: "\"\(query)\"", reason: reason)
        }
        let fields = body.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let first = fields.first, let status = Int(first) else {
            return .failed(error(.malformed, "the reply '\(body.prefix(80))' does not start with a status code"))
        }
        switch status {
        case Status.success:
            guard fields.count == 4, let level = Int(fields[1]), let latitude = Double(fields[2]),
                let longitude = Double(fields[3])
            else {
                return .failed(
                    error(.malformed, "the reply '\(body.prefix(80))' is not status,accuracy,latitude,longitude"))
            }
            guard let coordinate = try? Coordinate(validatingLatitude: latitude, longitude: longitude) else {
                return .failed(error(.malformed, "the reply's position \(latitude),\(longitude) is out of range"))
            }
            return .found(coordinate, GeocodeAccuracy(rawValue: level) ?? .unknown)
        case Status.badRequest:
            return .failed(error(.badRequest, "the service could not understand the request (400)"))
        case Status.missingQuery:
            return .failed(error(.badRequest, "the service received no query (601)"))
        case Status.unknownAddress:
            return .failed(error(.unknownAddress, "the service knows no such address (602)"))
        case Status.unavailableAddress:
            return .failed(error(.unavailableAddress, "the service may not return this address (603)"))
        case Status.unknownDirections:
            return .failed(error(.notFound, "the service found no route between the points (604)"))
        case Status.badKey:
            return .rotateKey(error(.badKey, "the service refused the key (610)"))
        case Status.tooManyQueries:
            return .rotateKey(error(.quotaExceeded, "the key has used up its quota (620)"))
        case Status.serverError:
            return .failed(error(.serverError, "the service failed (500)"))
        default:
            return .failed(error(.serverError, "the service answered the unknown status \(status)"))
        }
    }

    /// What an HTTP status other than 200 means.
    static func httpFailure(_ status: Int, query: String) -> Outcome {
        let error = { (code: LocationError.Code, reason: String) in
            LocationError(code, operation: "geocode", subject: "\"\(query)\"", reason: reason)
        }
        switch status {
        case 401, 403:
            return .rotateKey(error(.badKey, "the service refused the key (HTTP \(status))"))
        case 429:
            return .rotateKey(error(.quotaExceeded, "the key has used up its quota (HTTP 429)"))
        case 400..<500:
            return .failed(error(.badRequest, "the service refused the request (HTTP \(status))"))
        default:
            return .failed(error(.serverError, "the service failed (HTTP \(status))"))
        }
    }
}
