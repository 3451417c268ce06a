import FolioDocuments
import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentLibraryCreateTests {
    @Test func untitledNamesCarryTheLocalTime() throws {
        let fixture = try LibraryFixture()
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        let name = fixture.library.untitledName(for: .drawing, at: date)
        #expect(name.hasPrefix("Untitled 20"))
        #expect(name.hasSuffix(".dudeldoc"))
        #expect(name.count == "Untitled 2026-09-21 14.13.20.dudeldoc".count)
        #expect(fixture.library.untitledName(for: .note, at: date).hasSuffix(".txt"))
    }

    /// The trap: two News in the same second get one name and the second overwrites the first.
    @Test func twoNewsInTheSameSecondGetTwoDocuments() throws {
        let fixture = try LibraryFixture()
        let first = try fixture.library.createDocument(kind: .note)
        try fixture.library.save(text: "first note", to: first.name, basedOn: first.version)
        let second = try fixture.reopened().createDocument(kind: .note)
        #expect(first.name != second.name)
        #expect(second.name == fixture.untitled(.note, 2))
        #expect(fixture.test.read("Documents/" + first.name) == "first note")
        #expect(fixture.test.read("Documents/" + second.name) == "")
    }

    @Test func aThousandNewsInALoopAreAThousandDocuments() throws {
        let fixture = try LibraryFixture()
        var names: Set<String> = []
        for _ in 0..<1000 {
            names.insert(try fixture.library.createDocument(kind: .note, selecting: false).name)
        }
        #expect(names.count == 1000)
        #expect(try fixture.library.documentCount() == 1000)
        #expect(names.contains(fixture.untitled(.note, 1000)))
    }

    @Test func threadsCreatingAtOnceNeverShareAName() async throws {
        let fixture = try LibraryFixture()
        let libraries = (0..<4).map { _ in fixture.reopened() }
        let names = await withTaskGroup(of: [String].self) { group in
            for library in libraries {
                group.addTask {
                    var made: [String] = []
                    for _ in 0..<25 {
                        if let document = try? library.createDocument(kind: .note, selecting: false) {
                            made.append(document.name)
                        }
                    }
                    return made
                }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(names.count == 100)
        #expect(Set(names).count == 100)
        #expect(try fixture.namesOnDisk().count == 100)
    }

    /// Two processes create 500 untitled documents each, all in the same second.
    @Test(.timeLimit(.minutes(1)))
    func twoProcessesCreatingFiveHundredEachEndWithAThousand() throws {
        let fixture = try LibraryFixture()
        let helper = FolioBinary.sibling("folio-documents-helper")
        let second = String(Int(fixture.clock.now.timeIntervalSince1970))
        let outputs = (0..<2).map { fixture.test.directory.appending("out\($0)") }
        let processes = try outputs.map { output in
            let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            defer { close(descriptor) }
            return try Subprocess(helper, [fixture.test.container.root, "500", second], standardOutput: descriptor)
        }
        #expect(processes.map { $0.wait() } == [0, 0])
        let reported = try outputs.flatMap { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n") }
        #expect(reported.count == 1000)
        #expect(Set(reported).count == 1000)
        let onDisk = try fixture.namesOnDisk()
        #expect(onDisk.count == 1000)
        #expect(Set(onDisk) == Set(reported.map(String.init)))
        #expect(try fixture.library.documentCount() == 1000)
    }

    @Test func newDocumentsHaveTheirKindsEmptyContents() throws {
        let fixture = try LibraryFixture()
        let drawing = try fixture.library.createDocument(kind: .drawing)
        #expect(try fixture.library.read(drawing.name).drawing() == Drawing())
        let note = try fixture.library.createDocument(kind: .note)
        #expect(try fixture.library.read(note.name).text() == "")
        #expect(try fixture.library.attributes(of: note).posixPermissions == 0o600)
    }

    @Test func refusesKindsTheLibraryDoesNotHave() throws {
        let fixture = try LibraryFixture(kinds: [.note])
        let error = try #require(throws: DocumentError.self) { try fixture.library.createDocument(kind: .drawing) }
        #expect(error.code == .unknownKind)
        #expect(try fixture.library.createDocument().kind == .note)
    }
}

extension DocumentLibrary {
    func attributes(of document: Document) throws -> FolioFiles.FileAttributes {
        try files.attributes(of: try document.path)
    }
}
