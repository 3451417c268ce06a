/// A response status (RFC 9110 §15): its code, with the statuses a server answers named.
///
/// ```swift
/// HTTPResponse(status: .created, body: .bytes(data))
/// #expect(response.status == .notFound)
/// ```
public struct HTTPStatus: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The three-digit code: `404`.
    public let code: Int

    /// The status with `code` (100…999).
    public init(_ code: Int) {
        precondition((100...999).contains(code), "an HTTP status code has three digits, not \(code)")
        self.code = code
    }

    public var description: String { String(code) }

    public static func < (left: HTTPStatus, right: HTTPStatus) -> Bool { left.code < right.code }

    /// Whether the status says the request succeeded (2xx).
    public var isSuccess: Bool { (200..<300).contains(code) }

    /// 200 OK.
    public static let ok = HTTPStatus(200)
    /// 201 Created.
    public static let created = HTTPStatus(201)
    /// 204 No Content.
    public static let noContent = HTTPStatus(204)
    /// 206 Partial Content: the range asked for.
    public static let partialContent = HTTPStatus(206)
    /// 303 See Other: a redirect that the client follows with GET.
    public static let seeOther = HTTPStatus(303)
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(400)
    /// 401 Unauthorized: no or wrong credentials.
    public static let unauthorized = HTTPStatus(401)
    /// 403 Forbidden.
    public static let forbidden = HTTPStatus(403)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(404)
    /// 405 Method Not Allowed (the response carries `Allow`).
    public static let methodNotAllowed = HTTPStatus(405)
    /// 409 Conflict.
    public static let conflict = HTTPStatus(409)
    /// 412 Precondition Failed: a conditional request's condition (`If-Match`) did not hold.
    public static let preconditionFailed = HTTPStatus(412)
    /// 413 Content Too Large.
    public static let contentTooLarge = HTTPStatus(413)
    /// 415 Unsupported Media Type: the resource is not of a type the request can work on.
    public static let unsupportedMediaType = HTTPStatus(415)
    /// 416 Range Not Satisfiable.
    public static let rangeNotSatisfiable = HTTPStatus(416)
    /// 422 Unprocessable Content: well-formed, but not what the resource can be.
    public static let unprocessableContent = HTTPStatus(422)
    /// 428 Precondition Required: the request must be conditional.
    public static let preconditionRequired = HTTPStatus(428)
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(429)
    /// 451 Unavailable For Legal Reasons.
    public static let unavailableForLegalReasons = HTTPStatus(451)
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(500)
    /// 501 Not Implemented: the server does not support what the request needs (RFC 9110
    /// §15.6.2) — an unknown transfer coding, or a file operation the filesystem cannot do.
    public static let notImplemented = HTTPStatus(501)
    /// 502 Bad Gateway: a server this one called failed.
    public static let badGateway = HTTPStatus(502)
    /// 503 Service Unavailable: try again later.
    public static let serviceUnavailable = HTTPStatus(503)
    /// 507 Insufficient Storage.
    public static let insufficientStorage = HTTPStatus(507)
}
