import Foundation
import Glibc

/// Raw HTTP requests to a real `folio serve` on 127.0.0.1: request lines, headers, framing and
/// bodies (the JSON of the API, uploads of CSV and GPX), each on its own connection.
///
/// After a request the client closes its side and reads the answer. The server failing the run
/// is its process ending (a crash), not answering anything, a probe included, within the timeout
/// (a hang), or growing past the memory bound. Seeds name the server's port as `{PORT}`, filled
/// in when a request is sent; the access token is fixed (`FOLIO_TOKEN`). A 5xx answer passes, but
/// is counted by status (bad input is owed a 4xx).
struct HTTPTarget: ShellTarget {
    static let token = "fuzz-token-0123456789"

    var name: String { "http" }
    var summary: String { "raw HTTP requests to folio serve on 127.0.0.1 (request line, headers, framing, API bodies)" }
    var fileExtension: String { "http" }

    var profile: MutationProfile {
        MutationProfile(
            tokens: [
                "\r\n", "\r\n\r\n", "\n", ": ", ":", " ", "GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "OPTIONS ",
                "HEAD ", "CONNECT ", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9.9", "Content-Length: 5\r\n",
                "Content-Length: -1\r\n", "Content-Length: 99999999999999999999\r\n", "Transfer-Encoding: chunked\r\n",
                "Transfer-Encoding: gzip\r\n", "0\r\n\r\n", "ffffffffffffffff\r\n",
                "Cookie: folio_token=\(HTTPTarget.token)\r\n",
                "Cookie: folio_token=wrong\r\n", "Host: 127.0.0.1:{PORT}\r\n", "Host: evil.example\r\n",
                "X-Folio-Request: 1\r\n",
                "Origin: http://evil.example\r\n", "Range: bytes=0-0,-1,5-\r\n", "Range: bytes=99999999999-\r\n",
                "If-Match: \"x\"\r\n", "Expect: 100-continue\r\n", "Connection: keep-alive\r\n", "%", "%00", "%2F",
                "%2e%2e",
                "%C0%AE", "?", "&", "=", "#", "..", "//", "\\", "/api/", "/api/files/", "/api/tables/", "/api/db/",
                "/api/documents/", "?xpath=//namespace::*", "?raw=1", "?offset=-1&limit=999999999", "{\"sql\":\"",
                "{\"kind\":\"note\"}", "{\"to\":\"../x\"}", "{\"mode\":\"4755\"}", "{\"base64\":\"////\"}",
            ],
            nesting: [.init("[", "]"), .init("{\"a\":", "}"), .init("/a", ""), .init("%2F..", "")],
            maximumSize: 1 << 18)
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        HTTPSeeds.requests(corpus: corpus)
    }

    func start(in directory: String, folio: String) throws -> any ShellSession {
        let session = HTTPSession(home: directory + "/home", folio: folio, directory: directory)
        try session.startServer()
        return session
    }
}
