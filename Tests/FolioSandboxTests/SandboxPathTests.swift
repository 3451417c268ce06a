import FolioSandbox
import Foundation
import Testing

@Suite struct SandboxPathTests {
    struct Accepted: Sendable, CustomStringConvertible {
        var text: String
        var area: Area
        var components: [String]
        var description: String { text }
    }

    static let accepted: [Accepted] = [
        Accepted(text: "Documents/a.txt", area: .documents, components: ["a.txt"]),
        Accepted(text: "Documents/", area: .documents, components: []),
        Accepted(text: "Documents", area: .documents, components: []),
        Accepted(
            text: "Library/Preferences/current.json", area: .library, components: ["Preferences", "current.json"]),
        Accepted(text: "tmp/text/1.txt", area: .tmp, components: ["text", "1.txt"]),
        Accepted(text: "Folio.app/file.txt", area: .bundle, components: ["file.txt"]),
        Accepted(text: "", area: .home, components: []),
        Accepted(text: ".", area: .home, components: []),
        Accepted(text: "notes.txt", area: .home, components: ["notes.txt"]),
    ]

    @Test(arguments: accepted)
    func parsesPathsRelativeToTheHome(_ testCase: Accepted) throws {
        let path = try SandboxPath(parsing: testCase.text)
        #expect(path.area == testCase.area)
        #expect(path.components == testCase.components)
    }

    struct Refused: Sendable, CustomStringConvertible {
        var text: String
        var code: FileError.Code
        var description: String { text.debugDescription }
    }

    static let refused: [Refused] = [
        Refused(text: "/etc/passwd", code: .invalidPath),
        Refused(text: "~/x", code: .invalidPath),
        Refused(text: "..", code: .outsideContainer),
        Refused(text: "../x", code: .outsideContainer),
        Refused(text: "Documents/../../etc/passwd", code: .outsideContainer),
        Refused(text: "Documents/a/../../..", code: .outsideContainer),
        Refused(text: "Documents//a", code: .invalidPath),
        Refused(text: "Documents/./a", code: .invalidPath),
        Refused(text: "Documents/a\u{0}b", code: .invalidName),
        Refused(text: "Documents/\(String(repeating: "n", count: 300))", code: .invalidName),
        Refused(text: "Documents/ a", code: .invalidName),
    ]

    @Test(arguments: refused)
    func refusesPathsThatCouldLeaveTheHome(_ testCase: Refused) throws {
        let error = try #require(throws: FileError.self) { try SandboxPath(parsing: testCase.text) }
        #expect(error.code == testCase.code)
        #expect(error.operation == "parse path")
    }

    @Test func describesItselfTheWayAUserWritesIt() throws {
        #expect(try SandboxPath(parsing: "Documents/a/b.txt").description == "Documents/a/b.txt")
        #expect(try SandboxPath(parsing: "Documents/a/").description == "Documents/a")
        #expect(SandboxPath.home.description == ".")
        #expect(try SandboxPath(parsing: "Folio.app/file.txt").relativePath == "file.txt")
        #expect(try SandboxPath(parsing: "tmp/x").relativePath == "tmp/x")
    }

    @Test func appendingValidatesTheNewComponent() throws {
        let documents = SandboxPath.documents
        #expect(try documents.appending("a.txt").description == "Documents/a.txt")
        let error = #expect(throws: FileError.self) { try documents.appending("../x") }
        #expect(error?.code == .invalidName)
        let error2 = #expect(throws: FileError.self) { try documents.appending("a/b") }
        #expect(error2?.code == .invalidName)
    }

    @Test func homeComponentsNamingAnAreaBecomeThatArea() throws {
        let path = try SandboxPath(.home, ["tmp", "x"])
        #expect(path.area == .tmp)
        #expect(path.components == ["x"])
        #expect(path.parent == .tmp)
    }

    @Test func roundTripsThroughCodable() throws {
        let path = try SandboxPath(parsing: "Documents/Notes/a.txt")
        let data = try JSONEncoder().encode([path])
        #expect(String(decoding: data, as: UTF8.self) == #"["Documents\/Notes\/a.txt"]"#)
        #expect(try JSONDecoder().decode([SandboxPath].self, from: data) == [path])
        let error = #expect(throws: FileError.self) {
            try JSONDecoder().decode([SandboxPath].self, from: Data(#"["../x"]"#.utf8))
        }
        #expect(error?.code == .outsideContainer)
    }
}
