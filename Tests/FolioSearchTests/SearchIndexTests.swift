import FolioArchive
import FolioDocuments
import FolioSandbox
import FolioSearch
import FolioTestSupport
import Foundation
import Testing

@Suite struct SearchIndexTests {
    /// A container with a note, a drawing, a table and a note in a folder.
    static func library() throws -> TestContainer {
        let test = try TestContainer()
        try test.skipSampleContent()
        try test.plant("Documents/Garden.txt", "Water the roses before breakfast.\nThen the tulips.")
        try test.plant("Documents/Projects/Nested.txt", "The bridge plan needs a hydraulic survey.")
        try test.plant("Documents/Prices.csv", "fruit,price\nquince,3.20\nmedlar,4.10\n")
        try test.plant("Documents/People.json", #"[{"first": "Ottoline", "last": "Morrell"}]"#)
        try test.plant("Documents/.hidden.txt", "secretword")
        try test.plant("Documents/.private/inside.txt", "secretword")
        let drawing = Drawing(drawables: [
            .text(
                Drawing.Text(
                    string: "Lighthouse sketch", frame: Drawing.Rect(origin: .init(x: 0, y: 0), width: 9, height: 9)))
        ])
        let data = try Archiver().encode(drawing)
        try data.write(to: URL(fileURLWithPath: test.absolute("Documents/Coast.dudeldoc")))
        return test
    }

    static func paths(_ results: [SearchResult]) -> [String] { results.map(\.path) }

    static func search(_ index: SearchIndex, _ text: String, limit: Int = 20) throws -> [SearchResult] {
        try index.search(SearchQuery(parsing: text), limit: limit)
    }

    @Test func findsNamesNotesDrawingTextAndTableCellsInFolders() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        let update = try index.synchronize()
        #expect(update.indexed.count == 5)
        #expect(try Self.paths(Self.search(index, "roses")) == ["Documents/Garden.txt"])
        #expect(try Self.paths(Self.search(index, "hydraulic")) == ["Documents/Projects/Nested.txt"])
        #expect(try Self.paths(Self.search(index, "lighthouse")) == ["Documents/Coast.dudeldoc"])
        #expect(try Self.paths(Self.search(index, "medlar")) == ["Documents/Prices.csv"])
        #expect(try Self.paths(Self.search(index, "ottoline")) == ["Documents/People.json"])
        #expect(try Self.paths(Self.search(index, "garden")) == ["Documents/Garden.txt"])
        let drawing = try #require(try Self.search(index, "lighthouse").first)
        #expect(drawing.kind == .drawing && drawing.name == "Coast.dudeldoc")
        #expect(try Self.search(index, "quince").first?.kind == .table)
    }

    @Test func skipsHiddenFilesAndFolders() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        #expect(try Self.search(index, "secretword").isEmpty)
    }

    @Test func everyWordMustMatchAsAWordOrItsBeginning() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        #expect(try Self.paths(Self.search(index, "wat tuli")) == ["Documents/Garden.txt"])
        #expect(try Self.search(index, "atering").isEmpty)
        #expect(try Self.search(index, "water hydraulic").isEmpty)
        // Accents and case do not matter.
        #expect(try Self.paths(Self.search(index, "RÓSES")) == ["Documents/Garden.txt"])
    }

    @Test func ranksTheBetterMatchFirst() throws {
        let test = try TestContainer()
        try test.skipSampleContent()
        try test.plant("Documents/a.txt", "orchard " + String(repeating: "filler words here ", count: 40))
        try test.plant("Documents/b.txt", "orchard orchard orchard apples in the orchard")
        try test.plant("Documents/Orchard.txt", "about trees")
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        let ranked = try Self.paths(Self.search(index, "orchard"))
        #expect(ranked == ["Documents/Orchard.txt", "Documents/b.txt", "Documents/a.txt"])
        #expect(try Self.search(index, "orchard", limit: 1).count == 1)
    }

    /// A word in more documents than are ranked: the documents named by it come first wherever
    /// they are, then the best among the most recently indexed, each with its own snippet.
    @Test func aWordInMostDocumentsRanksNamesFirstThenRecentDocuments() throws {
        let test = try TestContainer()
        try test.skipSampleContent()
        // Indexed first (the lowest rowid): outside the window of recent documents.
        try test.plant("Documents/Harbour.txt", "about boats")
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        for number in 0..<1_100 {
            try test.plant("Documents/Many/Note \(number).txt", "harbour \(number) lights and tides")
        }
        try index.synchronize()
        try test.plant("Documents/Late.txt", "harbour harbour harbour harbour")
        try index.synchronize()
        let results = try Self.search(index, "harbour", limit: 5)
        #expect(results.count == 5)
        #expect(
            Self.paths(results).prefix(2) == ["Documents/Harbour.txt", "Documents/Late.txt"], "\(Self.paths(results))")
        #expect(results.dropFirst().allSatisfy { $0.highlightedWords.contains("harbour") })
        // Each snippet is the hit's own text.
        for result in results where result.path.hasPrefix("Documents/Many/") {
            let number = result.name.dropFirst("Note ".count).dropLast(".txt".count)
            #expect(result.snippet.contains("harbour \(number) lights"), "\(result.snippet)")
        }
        // A word in few documents is ranked over all of them, as before.
        #expect(try Self.paths(Self.search(index, "boats")) == ["Documents/Harbour.txt"])
    }

    @Test func snippetsMarkTheMatchedWords() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        let result = try #require(try Self.search(index, "rose tulip").first)
        #expect(result.highlightedWords == ["roses", "tulips"])
        #expect(!result.snippet.contains("\n"))
        #expect(result.snippet.contains("Water the roses before breakfast."))
    }

    @Test func highlightOffsetsCountUTF16Units() throws {
        let test = try TestContainer()
        try test.skipSampleContent()
        try test.plant("Documents/emoji.txt", "🌹🌹 ünïcode roses")
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        let result = try #require(try Self.search(index, "roses").first)
        #expect(result.highlightedWords == ["roses"])
        let highlight = try #require(result.highlights.first)
        #expect(highlight.offset == result.snippet.utf16.count - 5)
    }

    @Test func controlCharactersInAFileNeverForgeHighlights() throws {
        let test = try TestContainer()
        try test.skipSampleContent()
        try test.plant("Documents/odd.txt", "\u{02}fake\u{03} marks and a real word")
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        let result = try #require(try Self.search(index, "real").first)
        #expect(result.highlightedWords == ["real"])
        #expect(!result.snippet.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func deletedIndexIsRebuiltFromTheFiles() throws {
        let test = try Self.library()
        do {
            let index = try SearchIndex(container: test.container)
            try index.synchronize()
        }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: test.absolute("Library/Caches/search.sqlite" + suffix))
        }
        let index = try SearchIndex(container: test.container)
        #expect(try index.count() == 0)
        try index.synchronize()
        #expect(try index.count() == 5)
        #expect(try Self.paths(Self.search(index, "roses")) == ["Documents/Garden.txt"])
    }

    @Test func damagedIndexIsThrownAwayAndRebuilt() throws {
        let test = try Self.library()
        try test.plant("Library/Caches/search.sqlite", String(repeating: "not a database ", count: 500))
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        #expect(try Self.paths(Self.search(index, "roses")) == ["Documents/Garden.txt"])
    }

    @Test func synchronizeIndexesOnlyWhatChanged() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        #expect(try index.synchronize().isEmpty)
        try test.plant("Documents/Projects/New.txt", "zeppelin")
        try FileManager.default.removeItem(atPath: test.absolute("Documents/Prices.csv"))
        let update = try index.synchronize()
        #expect(update == SearchIndexUpdate(indexed: ["Projects/New.txt"], removed: ["Prices.csv"]))
        #expect(try Self.paths(Self.search(index, "zeppelin")) == ["Documents/Projects/New.txt"])
        #expect(try Self.search(index, "medlar").isEmpty)
    }

    @Test func synchronizeIfNeededSynchronizesOnce() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        try index.synchronizeIfNeeded()
        #expect(try index.count() == 5)
        try test.plant("Documents/Later.txt", "aubergine")
        try index.synchronizeIfNeeded()
        #expect(try index.count() == 5)
        try index.synchronize()
        #expect(try Self.paths(Self.search(index, "aubergine")) == ["Documents/Later.txt"])
    }

    @Test func aFileChangedSinceIndexingIsReadAgainBeforeAnswering() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        // Replaced behind the index's back (no synchronize, no watcher).
        try test.plant("Documents/Garden.txt", "Prune the roses in winter.")
        let result = try #require(try Self.search(index, "roses").first)
        #expect(result.snippet == "Prune the roses in winter.")
        #expect(try Self.search(index, "breakfast").isEmpty)
    }

    @Test func aDeletedFileIsNeverAnswered() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        try FileManager.default.removeItem(atPath: test.absolute("Documents/Projects/Nested.txt"))
        #expect(try Self.search(index, "hydraulic").isEmpty)
        #expect(try index.count() == 4)
    }

    @Test func updateAppliesReportedChanges() throws {
        let test = try Self.library()
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        try test.plant("Documents/Projects/Later.txt", "aubergine")
        try FileManager.default.removeItem(atPath: test.absolute("Documents/Garden.txt"))
        let update = try index.update([
            try SandboxPath(parsing: "Documents/Projects/Later.txt"), try SandboxPath(parsing: "Documents/Garden.txt"),
            try SandboxPath(parsing: "Documents/Coast.dudeldoc"), try SandboxPath(parsing: "tmp/elsewhere.txt"),
        ])
        #expect(update == SearchIndexUpdate(indexed: ["Projects/Later.txt"], removed: ["Garden.txt"]))
        #expect(try Self.paths(Self.search(index, "aubergine")) == ["Documents/Projects/Later.txt"])
    }

    @Test func brokenFilesAreFoundByName() throws {
        let test = try TestContainer()
        try test.skipSampleContent()
        try test.plant("Documents/Broken.dudeldoc", "not an archive")
        try test.plant("Documents/Broken.json", "[{\"a\": ")
        try test.plant("Documents/binary.txt", "\u{FF}\u{FE} word \u{00}")
        let index = try SearchIndex(container: test.container)
        try index.synchronize()
        #expect(try Self.search(index, "broken").count == 2)
        #expect(try Self.paths(Self.search(index, "word")) == ["Documents/binary.txt"])
    }
}
