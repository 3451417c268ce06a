import FolioHTTP
import FolioTestSupport
import Foundation
import Testing

@testable import FolioServer

@Suite struct ListingCacheTests {
    @Test func keepsAPageOnlyWhileNothingChangedAndOnlyWhileEnabled() {
        let cache = ListingCache()
        let page = SharedBytes(Data("page".utf8))
        let disabled = cache.lookup("k")
        cache.store(page, for: "k", readAt: disabled.generation)
        #expect(cache.lookup("k").page == nil, "nothing is kept without the change stream")
        cache.isEnabled = true
        let first = cache.lookup("k")
        cache.store(page, for: "k", readAt: first.generation)
        #expect(cache.lookup("k").page === page)
        cache.invalidate()
        #expect(cache.lookup("k").page == nil)
        // A page read before a change and stored after it is stale: it is not kept.
        let before = cache.lookup("k")
        cache.invalidate()
        cache.store(page, for: "k", readAt: before.generation)
        #expect(cache.lookup("k").page == nil)
        cache.store(page, for: "k", readAt: cache.lookup("k").generation)
        cache.isEnabled = false
        #expect(cache.lookup("k").page == nil)
    }

    private func names(_ client: AppClient) throws -> [String] {
        let reply = client.send("GET", "/api/documents?limit=100")
        let page = try #require(reply.object["page"] as? [String: Any])
        let documents = try #require(page["documents"] as? [[String: Any]])
        return documents.compactMap { $0["name"] as? String }
    }

    @Test func aChangeThroughTheAPIShowsInTheVeryNextPage() throws {
        let client = try AppClient()
        try client.app.startEvents()
        defer { client.app.stopEvents() }
        #expect(try names(client).isEmpty)
        #expect(try names(client).isEmpty, "asked twice: the second answer is the page kept")
        let created = client.send("POST", "/api/documents", body: Data(#"{"kind":"note"}"#.utf8))
        #expect(created.status == 201)
        let name = try #require(created.object["name"] as? String)
        #expect(try names(client) == [name])
        let renamed = client.send(
            "POST", "/api/documents/\(name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/rename",
            body: Data(#"{"to":"Renamed"}"#.utf8))
        #expect(renamed.status == 200, "\(renamed.text)")
        #expect(try names(client) == ["Renamed.txt"])
    }

    @Test func theDocumentOrderIsKeptLiveWhileTheAppWatches() async throws {
        let client = try AppClient()
        #expect(!client.app.library.keepsOrderLive)
        try client.app.startEvents()
        // The order is read in the background; pages read the directory until then.
        for _ in 0..<1000 where !client.app.library.keepsOrderLive {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(client.app.library.keepsOrderLive)
        try client.test.plant("Documents/Old.txt", "old")
        try client.test.plant("Documents/New.txt", "new")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
            ofItemAtPath: client.test.absolute("Documents/New.txt"))
        let reply = client.send("GET", "/api/documents?sort=date&limit=1")
        let page = try #require(reply.object["page"] as? [String: Any])
        let documents = try #require(page["documents"] as? [[String: Any]])
        #expect(documents.compactMap { $0["name"] as? String } == ["Old.txt"])
        #expect(page["total"] as? Int == 2)
        client.app.stopEvents()
        #expect(!client.app.library.keepsOrderLive)
    }

    @Test func aChangeMadeByAnotherProgramShowsOnceTheWatcherSeesIt() async throws {
        let client = try AppClient()
        try client.app.startEvents()
        defer { client.app.stopEvents() }
        #expect(try names(client).isEmpty)
        try client.test.plant("Documents/From elsewhere.txt", "hello")
        var seen: [String] = []
        // Wait without blocking a thread of the pool: the change stream is pumped on it.
        for _ in 0..<3000 where seen.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
            seen = try names(client)
        }
        #expect(seen == ["From elsewhere.txt"])
    }
}
