import FolioCore
import FolioHTTP
import Foundation

extension HTTPResponse {
    /// A response whose body is `value` encoded as JSON by ``FolioCore/FolioJSON``.
    static func json<Value: Encodable>(_ value: Value, status: HTTPStatus = .ok) -> HTTPResponse {
        do {
            return .bytes(try FolioJSON.encoder().encode(value), status: status, contentType: "application/json")
        } catch {
            return .text("the response could not be encoded: \(error)", status: .internalServerError)
        }
    }

    /// A JSON body already encoded.
    static func json(encoded data: Data, status: HTTPStatus = .ok) -> HTTPResponse {
        .bytes(data, status: status, contentType: "application/json")
    }

    /// A JSON body already encoded, sent many times (a page kept in a cache).
    static func json(shared bytes: SharedBytes) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/json")
        return HTTPResponse(headers: headers, body: .shared(bytes))
    }
}
