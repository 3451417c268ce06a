import FolioServer
import FolioTestSupport
import Foundation

/// Calls a ``FolioWebApp`` in process, the way the server would, with the right host and token
/// unless a test says otherwise.
struct AppClient {
    static let token = "test-token"
    static let port = 8080
    let test: TestContainer
    let app: FolioWebApp

    init() throws {
        test = try TestContainer()
        app = try FolioWebApp(
            container: test.container, token: AppClient.token, host: "127.0.0.1", port: AppClient.port)
    }

    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
        var json: Any? { try? JSONSerialization.jsonObject(with: body) }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
        var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }
    }

    /// Sends a request; `headers` are added to the defaults (Host, and the token as a cookie,
    /// and X-Folio-Request for changes), and `nil` values remove a default.
    func send(
        _ method: String,
        _ target: String,
        body: Data = Data(),
        headers: [String: String?] = [:],
        clientAddress: String = "127.0.0.1"
    ) -> Reply {
        let parts = target.split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                let key = String(keyValue[0]).removingPercentEncoding ?? ""
                query[key] = keyValue.count > 1 ? (String(keyValue[1]).removingPercentEncoding ?? "") : ""
            }
        }
        var defaults: [String: String?] = [
            "Host": "127.0.0.1:\(AppClient.port)",
            "Cookie": "\(Gatekeeper.cookieName)=\(AppClient.token)",
        ]
        if !["GET", "HEAD"].contains(method) {
            defaults[Gatekeeper.requestHeader] = "1"
        }
        defaults.merge(headers) { _, new in new }
        var httpHeaders = HTTPHeaders()
        for (name, value) in defaults.sorted(by: { $0.key < $1.key }) {
            if let value { httpHeaders.add(name, value) }
        }
        var request = HTTPRequest(
            method: method, rawPath: String(parts[0]), query: query, headers: httpHeaders, clientAddress: clientAddress)
        let response: HTTPResponse
        switch app.prepare(request) {
        case .respond(let early):
            response = early
        case .buffer(let limit, _):
            if body.count > limit {
                return Reply(status: 413, headers: HTTPHeaders(), body: Data())
            }
            request.body = body
            response = app.respond(to: request)
        case .stream(let receiver, _):
            var failure: (any Error)?
            do {
                try body.withUnsafeBytes { try receiver.receive($0) }
            } catch {
                failure = error
            }
            response = receiver.finish(error: failure)
        }
        return Reply(status: response.status, headers: response.headers, body: AppClient.bytes(of: response))
    }

    private static func bytes(of response: HTTPResponse) -> Data {
        switch response.body {
        case .empty, .events: return Data()
        case .bytes(let data): return data
        case .file(let file, let offset, let length):
            return file.read(offset: offset, length: length)
        }
    }
}
