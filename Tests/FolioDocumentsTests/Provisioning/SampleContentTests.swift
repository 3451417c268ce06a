import FolioDocuments
import FolioTestSupport
import Foundation
import Testing

@Suite struct SampleContentTests {
    @Test func theFirstLaunchAddsDrawingsNotesAndTheSimpsonsTable() throws {
        let test = try TestContainer()
        let library = DocumentLibrary(container: test.container)
        let added = try SampleContent(library: library).installIfFirstLaunch()
        #expect(added == ["Welcome.txt", "Shopping List.txt", "House.dudeldoc", "Garden.dudeldoc", "simpsons.csv"])
        let documents = try library.allDocuments()
        #expect(documents.filter { $0.kind == .drawing }.count == 2)
        #expect(documents.filter { $0.kind == .note }.count == 2)
        #expect(try library.currentDocumentName() == "Welcome.txt")
        #expect(try library.read("Welcome.txt").text().hasPrefix("Welcome to Folio."))
        for name in ["House.dudeldoc", "Garden.dudeldoc"] {
            #expect(try library.read(name).drawing().drawables.count > 5)
        }
        #expect(test.read("Documents/simpsons.csv")?.contains("Homer Jay Simpson") == true)
        #expect(test.exists(SampleContent.markerPath))
    }

    @Test func aDeletedSampleDoesNotComeBack() throws {
        let test = try TestContainer()
        let library = DocumentLibrary(container: test.container)
        let samples = SampleContent(library: library)
        try samples.installIfFirstLaunch()
        try library.delete("House.dudeldoc")
        try library.delete("simpsons.csv")
        #expect(try samples.installIfFirstLaunch().isEmpty)
        #expect(!test.exists("Documents/House.dudeldoc"))
        #expect(!test.exists("Documents/simpsons.csv"))
        #expect(try library.documentCount() == 3)
    }

    @Test func aLibraryAlreadyInUseIsLeftAsItIs() throws {
        let test = try TestContainer()
        try test.plant("Documents/Mine.txt", "my own words")
        let library = DocumentLibrary(container: test.container)
        #expect(try SampleContent(library: library).installIfFirstLaunch().isEmpty)
        #expect(try library.allDocuments().map(\.name) == ["Mine.txt"])
        // Emptying the library later does not make it a first launch again.
        try library.delete("Mine.txt")
        #expect(try SampleContent(library: library).installIfFirstLaunch().isEmpty)
    }

    @Test func twoLaunchesAtOnceAddTheSamplesOnce() async throws {
        let test = try TestContainer()
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try SampleContent(library: DocumentLibrary(container: test.container)).installIfFirstLaunch()
                }
            }
            var all: [[String]] = []
            for try await added in group { all.append(added) }
            return all
        }
        #expect(results.filter { !$0.isEmpty }.count == 1)
        #expect(try DocumentLibrary(container: test.container).documentCount() == 5)
    }
}
