import FolioCore
import Foundation

/// A failure the HTTP layer or a route's request validation answers itself, as JSON:
/// `{"error": {"code": "…", "message": "…", "status": 400}}`.
///
/// For the request a client got wrong (a missing parameter, a body that is not the JSON the route
/// needs) and the router's own answers (no such route, a method not allowed). A library's errors
/// conform to ``HTTPResponseError`` instead, each in one place.
///
/// ```swift
/// guard let limit = Int(text) else { throw HTTPError.badRequest("limit must be a number") }
/// ```
public struct HTTPError: Error, Sendable, Encodable, HTTPResponseError, CustomStringConvertible {
    /// The status.
    public var status: HTTPStatus
    /// A stable identifier a program can match on: `badRequest`, `noSuchRoute`.
    public var code: String
    /// A sentence for a person.
    public var message: String
    /// Header fields the answer carries (`Allow` for 405).
    public var headers: HTTPHeaders

    /// An error answered with `status`.
    public init(_ status: HTTPStatus, code: String, message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(message) (\(code))" }

    public func status(for request: HTTPRequest) -> HTTPStatus { status }

    /// The JSON answer.
    public func response(for request: HTTPRequest) -> HTTPResponse {
        response
    }

    /// The JSON answer, `{"error": {"code", "message", "status"}}`.
    public var response: HTTPResponse {
        var response = HTTPResponse.json(error: self, status: status)
        for (name, value) in headers {
            response.headers.add(name, value)
        }
        return response
    }

    private enum CodingKeys: String, CodingKey {
        case status, code, message
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status.code, forKey: .status)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
    }

    /// 400: the request is not what the route takes.
    public static func badRequest(_ message: String) -> HTTPError {
        HTTPError(.badRequest, code: "badRequest", message: message)
    }

    /// 404: the route found nothing by that name.
    public static func notFound(_ what: String) -> HTTPError {
        HTTPError(.notFound, code: "notFound", message: "\(what) was not found")
    }

    /// 404: no route's pattern matches the path.
    public static func noSuchRoute(_ path: String) -> HTTPError {
        HTTPError(.notFound, code: "noSuchRoute", message: "nothing is served at \(path)")
    }

    /// 405: routes match the path, but none for `method`; `Allow` names the methods that do.
    public static func methodNotAllowed(_ method: HTTPMethod, allowed: [HTTPMethod]) -> HTTPError {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return HTTPError(
            .methodNotAllowed, code: "methodNotAllowed", message: "\(method) is not allowed here (allowed: \(names))",
            headers: HTTPHeaders([("Allow", names)]))
    }

    /// 413: the body is larger than the route takes.
    public static func contentTooLarge(limit: Int) -> HTTPError {
        HTTPError(.contentTooLarge, code: "tooLarge", message: "the request body is larger than \(limit) bytes")
    }

    /// 500: an error that says nothing of how to answer it.
    public static func `internal`(_ error: any Error) -> HTTPError {
        HTTPError(.internalServerError, code: "internalError", message: "\(error)")
    }
}

extension HTTPResponse {
    /// `{"error": error}` as JSON, encoded as all of Folio's JSON is (``FolioCore/FolioJSON``).
    static func json(error: some Encodable, status: HTTPStatus) -> HTTPResponse {
        do {
            return .bytes(try FolioJSON.encode(["error": error]), status: status, contentType: "application/json")
        } catch {
            return .text("the error could not be encoded: \(error)", status: .internalServerError)
        }
    }
}
