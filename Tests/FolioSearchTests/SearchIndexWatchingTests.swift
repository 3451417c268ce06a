import FolioSearch
import FolioTestSupport
import Foundation
import Testing

@Suite struct SearchIndexWatchingTests {
    /// The updates a keeper reports, as an async sequence the test awaits.
    static func keeper(_ index: SearchIndex) -> (Task<Void, any Error>, AsyncStream<SearchIndexUpdate>) {
        let (updates, continuation) = AsyncStream<SearchIndexUpdate>.makeStream()
        let task = Task.detached {
            defer { continuation.finish() }
            try await index.keepCurrent { continuation.yield($0) }
        }
        return (task, updates)
    }

    /// Waits for updates until one satisfies `condition`.
    static func waitFor(
        _ updates: inout AsyncStream<SearchIndexUpdate>.Iterator, _ condition: (SearchIndexUpdate) -> Bool
    ) async -> Bool {
        while let update = await updates.next() {
            if condition(update) { return true }
        }
        return false
    }

    @Test func followsChangesInDocumentsAndNewFolders() async throws {
        let test = try TestContainer()
        try test.skipSampleContent()
        try test.plant("Documents/Garden.txt", "roses")
        let index = try SearchIndex(container: test.container)
        let (task, stream) = Self.keeper(index)
        defer { task.cancel() }
        var updates = stream.makeAsyncIterator()
        #expect(await Self.waitFor(&updates) { $0.indexed == ["Garden.txt"] })

        try test.write("Documents/Garden.txt", "tulips now")
        #expect(await Self.waitFor(&updates) { $0.indexed.contains("Garden.txt") })
        #expect(try index.search(SearchQuery(parsing: "tulips")).map(\.path) == ["Documents/Garden.txt"])

        // A new folder is watched too: a file made in it afterwards is found.
        try FileManager.default.createDirectory(
            atPath: test.absolute("Documents/Trips"), withIntermediateDirectories: true)
        #expect(await Self.waitFor(&updates) { _ in true })
        try test.plant("Documents/Trips/Rome.txt", "colosseum")
        #expect(await Self.waitFor(&updates) { $0.indexed.contains("Trips/Rome.txt") })
        #expect(try index.search(SearchQuery(parsing: "colosseum")).map(\.path) == ["Documents/Trips/Rome.txt"])

        try FileManager.default.removeItem(atPath: test.absolute("Documents/Trips/Rome.txt"))
        #expect(await Self.waitFor(&updates) { $0.removed.contains("Trips/Rome.txt") })
        #expect(try index.count() == 1)
    }
}
