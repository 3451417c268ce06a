import FolioHTTP
import FolioServer
import FolioTestSupport
import Foundation

/// Sends requests to a ``FolioWebApp`` in process through its `dispatch`, the code the server runs
/// for every request, with the right host and token unless a test says otherwise.
struct AppClient {
    static let token = "test-token"
    static let port = 8080
    let test: TestContainer
    let app: FolioWebApp

    init(queryTimeLimit: Duration = .seconds(5), mapLibrary: ((TestContainer) -> MapLibrary)? = nil) throws {
        test = try TestContainer()
        app = try FolioWebApp(
            container: test.container, token: AppClient.token, host: "127.0.0.1", port: AppClient.port,
            queryTimeLimit: queryTimeLimit, mapLibrary: mapLibrary?(test) ?? .installed())
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
        clientAddress: String = "127.0.0.1",
        cancellation: RequestCancellation = RequestCancellation()
    ) -> Reply {
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
        let request = HTTPRequest(
            method: HTTPMethod(method), target: target, headers: httpHeaders, body: body, clientAddress: clientAddress,
            cancellation: cancellation)
        let response = app.dispatch(request)
        return Reply(status: response.status.code, headers: response.headers, body: AppClient.bytes(of: response))
    }

    private static func bytes(of response: HTTPResponse) -> Data {
        switch response.body {
        case .empty, .events: return Data()
        case .bytes(let data): return data
        case .stream(let stream):
            do {
                return try stream.collect()
            } catch {
                return Data("the stream failed: \(error)".utf8)
            }
        case .shared(let bytes): return bytes.data
        case .file(let file, let offset, let length):
            do {
                try file.seek(toOffset: offset)
                return try file.read(upToCount: Int(length)) ?? Data()
            } catch {
                return Data()
            }
        }
    }
}
