import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// The OpenAPI document is made from the routes; this checks it against a live server: every
/// operation it lists is served (no "no such route", no 405), and every API route is listed.
@Suite struct OpenAPITests {
    @Test func everyDocumentedOperationIsServedAndEveryRouteDocumented() throws {
        let test = try TestContainer()
        try test.plant("Documents/x", "x")
        let server = try WebAppServer(container: test.container, host: "127.0.0.1", port: 0, token: "t")
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let fetched = try Subprocess.run("curl", ["-s", "-H", "Authorization: Bearer t", base + "/api/openapi.json"])
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(fetched.output.utf8)) as? [String: Any], "\(fetched.output)")
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var documented: Set<String> = []
        for (path, operations) in paths {
            for method in operations.keys {
                documented.insert("\(method.uppercased()) \(path)")
                let concrete = path.replacingOccurrences(of: "{path}", with: "Documents/x")
                    .replacingOccurrences(of: #"\{[a-z]+\}"#, with: "x", options: .regularExpression)
                let run = try Subprocess.run(
                    "curl",
                    [
                        "-s", "--max-time", "2", "-o", "/dev/stderr", "-w", "%{http_code}", "-X", method.uppercased(),
                        "-H", "Authorization: Bearer t", "-H", "X-Folio-Request: 1", "--data-binary", "{}",
                        base + concrete,
                    ])
                let status = Int(run.output) ?? 0
                #expect(status != 405 && status != 0, "\(method) \(concrete): \(status)")
                #expect(!run.error.contains("noSuchRoute"), "\(method) \(concrete) is documented but not served")
            }
        }
        let served = Set(
            server.app.routes.filter { $0.pattern.description.hasPrefix("/api/") }.map {
                "\($0.method) \($0.pattern.description.replacingOccurrences(of: "...}", with: "}"))"
            })
        #expect(served == documented)
    }
}
