import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// Every paged route reads `offset` and `limit` one way: a bad value is refused with a sentence
/// that names it, a limit above the route's most is that most.
@Suite struct PagingTests {
    static let routes = [
        "/api/documents", "/api/files/Documents", "/api/db/Library/Database/financial.db/tables/stocks/rows",
    ]

    @Test(arguments: routes)
    func aValueThatIsNoWholeNumberInRangeIsRefused(route: String) throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        for query in ["limit=abc", "limit=0", "limit=-3", "limit=", "offset=-1", "offset=1.5", "offset=%1B[31m"] {
            let reply = client.send("GET", route + "?" + query)
            #expect(reply.status == 400, "\(route)?\(query): \(reply.text)")
            let error = try #require(reply.object["error"] as? [String: Any])
            let message = try #require(error["message"] as? String)
            let name = String(query.prefix { $0 != "=" })
            #expect(message.hasPrefix(name + " must be a whole number"), "\(message)")
            #expect(!message.contains("\u{1B}"))
        }
    }

    @Test(arguments: routes)
    func aLimitAboveTheMostGivesTheMost(route: String) throws {
        let client = try AppClient()
        try client.test.container.provisionDeclaredResources()
        let reply = client.send("GET", route + "?offset=0&limit=100000000000")
        #expect(reply.status == 200, "\(route): \(reply.text)")
    }
}
