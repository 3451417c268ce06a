import FolioArchive
import FolioDocuments
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryContentsTests {
    static let garden = Drawing(drawables: [
        .line(Drawing.Line(from: Drawing.Point(x: 0, y: 0), to: Drawing.Point(x: 100, y: 50))),
        .ellipse(Drawing.Ellipse(frame: Drawing.Rect(origin: Drawing.Point(x: 10, y: 10), width: 30, height: 20))),
    ])

    @Test func savesADrawingBasedOnTheVersionItRead() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .drawing)
        let snapshot = try fixture.library.read(document.name)
        #expect(snapshot.document.version == document.version)
        let saved = try fixture.library.save(Self.garden, to: document.name, basedOn: snapshot.document.version)
        #expect(saved.version != document.version)
        let reread = try fixture.library.read(document.name)
        #expect(try reread.drawing() == Self.garden)
        #expect(reread.document.version == saved.version)
        // A second save based on the new version works too.
        try fixture.library.save(Drawing(), to: document.name, basedOn: saved.version)
    }

    /// Shapes that reach into the margin are saved on the page, whoever saves them.
    @Test func aDrawingIsSavedOnItsPage() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .drawing)
        let margin = Drawing(drawables: [
            .rectangle(
                Drawing.Rectangle(frame: Drawing.Rect(origin: Drawing.Point(x: -20, y: 700), width: 60, height: 90)))
        ])
        try fixture.library.save(margin, to: document.name, basedOn: document.version)
        let saved = try fixture.library.read(document.name).drawing()
        #expect(
            saved.drawables == [
                .rectangle(
                    Drawing.Rectangle(frame: Drawing.Rect(origin: Drawing.Point(x: 0, y: 700), width: 40, height: 68)))
            ])
    }

    /// The trap: two writers start from one version; the second save must not overwrite the first.
    @Test func theSecondOfTwoConcurrentWritersGetsAConflict() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .note)
        let window = fixture.library
        let tab = fixture.reopened()
        let base = try window.read(document.name).document.version
        #expect(try tab.read(document.name).document.version == base)
        try window.save(text: "from the window", to: document.name, basedOn: base)
        let error = try #require(throws: DocumentError.self) {
            try tab.save(text: "from the tab", to: document.name, basedOn: base)
        }
        #expect(error.code == .conflict)
        #expect(error.operation == "save")
        #expect(fixture.test.read("Documents/" + document.name) == "from the window")
        #expect(try fixture.namesOnDisk() == [document.name])
    }

    @Test func concurrentWritersFromOneVersionLeaveExactlyOneWinner() async throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .note)
        let libraries = (0..<6).map { _ in fixture.reopened() }
        let wins = await withTaskGroup(of: Int.self) { group in
            for (index, library) in libraries.enumerated() {
                group.addTask {
                    (try? library.save(text: "writer \(index)", to: document.name, basedOn: document.version)) == nil
                        ? 0 : 1
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wins == 1)
        #expect(try fixture.namesOnDisk() == [document.name])
    }

    @Test func aSaveAfterAnotherProgramChangedTheFileIsAConflict() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .note)
        try Data("edited in vi".utf8).write(
            to: URL(fileURLWithPath: fixture.test.absolute("Documents/" + document.name)))
        let error = try #require(throws: DocumentError.self) {
            try fixture.library.save(text: "mine", to: document.name, basedOn: document.version)
        }
        #expect(error.code == .conflict)
        #expect(fixture.test.read("Documents/" + document.name) == "edited in vi")
    }

    @Test func aSaveToADeletedDocumentIsAConflictAndCreatesNothing() throws {
        let fixture = try LibraryFixture()
        let document = try fixture.library.createDocument(kind: .note)
        try fixture.library.delete(document.name)
        let error = try #require(throws: DocumentError.self) {
            try fixture.library.save(text: "mine", to: document.name, basedOn: document.version)
        }
        #expect(error.code == .conflict)
        #expect(!fixture.test.exists("Documents/" + document.name))
    }

    /// The trap: a corrupt archive must be an error, not a half-read drawing.
    @Test func aCorruptDrawingIsAClearError() throws {
        let fixture = try LibraryFixture()
        try fixture.test.plant("Documents/broken.dudeldoc", "bplist00 this is not a drawing")
        let error = try #require(throws: DocumentError.self) { try fixture.library.read("broken.dudeldoc").drawing() }
        #expect(error.code == .corrupt)
        #expect(error.subject == "Documents/broken.dudeldoc")
        let person = try Archiver().encode(["firstName": "Anthony"])
        try person.write(to: URL(fileURLWithPath: fixture.test.absolute("Documents/person.dudeldoc")))
        let wrongType = try #require(throws: DocumentError.self) {
            try fixture.library.read("person.dudeldoc").drawing()
        }
        #expect(wrongType.code == .corrupt)
        #expect(wrongType.reason.contains("not a Drawing"))
    }

    @Test func aDrawingFromANewerFolioIsRefusedAndKept() throws {
        let fixture = try LibraryFixture()
        let newer = #"{"archiver":"Folio","archiverVersion":1,"type":"Drawing","version":2,"root":{"drawables":[]}}"#
        try fixture.test.plant("Documents/future.dudeldoc", newer)
        let error = try #require(throws: DocumentError.self) { try fixture.library.read("future.dudeldoc").drawing() }
        #expect(error.code == .newerVersion)
        #expect(fixture.test.read("Documents/future.dudeldoc") == newer)
    }

    @Test func refusesToSaveADrawingIntoANote() throws {
        let fixture = try LibraryFixture()
        let note = try fixture.library.createDocument(kind: .note)
        let error = try #require(throws: DocumentError.self) {
            try fixture.library.save(Self.garden, to: note.name, basedOn: note.version)
        }
        #expect(error.code == .wrongKind)
        let drawing = try fixture.library.createDocument(kind: .drawing)
        let text = try #require(throws: DocumentError.self) {
            try fixture.library.save(text: "x", to: drawing.name, basedOn: drawing.version)
        }
        #expect(text.code == .wrongKind)
    }

    @Test func textThatIsNotUTF8IsAClearError() throws {
        let fixture = try LibraryFixture()
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: fixture.test.absolute("Documents/bad.txt")))
        let error = try #require(throws: DocumentError.self) { try fixture.library.read("bad.txt").text() }
        #expect(error.code == .corrupt)
    }

    @Test func typedContentsGoIntoTheDocumentAsDescribedAndOnlyIntoTheirKind() throws {
        let fixture = try LibraryFixture()
        let drawing = try fixture.library.document(named: try fixture.library.createDocument(kind: .drawing).name)
        let saved = try fixture.library.save(.drawing(Self.garden), to: drawing, basedOn: drawing.version)
        #expect(saved.kind == .drawing)
        #expect(try fixture.library.read(drawing.name).drawing() == Self.garden)
        let note = try fixture.library.document(named: try fixture.library.createDocument(kind: .note).name)
        let wrong = try #require(throws: DocumentError.self) {
            try fixture.library.save(.drawing(Self.garden), to: note, basedOn: note.version)
        }
        #expect(wrong.code == .wrongKind)
        let text = try #require(throws: DocumentError.self) {
            try fixture.library.save(.text("x"), to: saved, basedOn: saved.version)
        }
        #expect(text.code == .wrongKind)
        let noted = try fixture.library.save(.text("hello"), to: note, basedOn: note.version)
        #expect(try fixture.library.read(noted.name).text() == "hello")
        let stale = try #require(throws: DocumentError.self) {
            try fixture.library.save(.bytes(Data("again".utf8)), to: note, basedOn: note.version)
        }
        #expect(stale.code == .conflict)
        #expect(fixture.test.read("Documents/\(note.name)") == "hello")
    }
}
