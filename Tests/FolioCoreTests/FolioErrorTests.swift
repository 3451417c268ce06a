import FolioCore
import Testing

@Suite struct FolioErrorTests {
    /// A module's error, as the libraries declare theirs.
    struct LayerError: FolioError, Hashable {
        struct Code: Hashable, Sendable, CustomStringConvertible {
            let rawValue: String
            var description: String { rawValue }
            static let notFound = Code(rawValue: "notFound")
            static let denied = Code(rawValue: "denied")
        }

        var code: Code
        var operation: String
        var subject: String
        var reason: String
        var ownErrno: Int32?
        var underlying: (any FolioError)?

        var errno: Int32? { ownErrno ?? underlying?.errno }
    }

    /// A second layer's error, without an errno of its own.
    struct UpperError: FolioError {
        var code: String
        var operation: String
        var subject: String
        var reason: String
        var underlying: (any FolioError)?
    }

    static let system = LayerError(
        code: .denied, operation: "open", subject: "Documents/a.txt", reason: "permission denied", ownErrno: 13)

    @Test func describesOperationSubjectReasonAndCode() {
        #expect(Self.system.description == "open failed for Documents/a.txt: permission denied (denied)")
    }

    @Test func leavesOutAnEmptySubject() {
        let error = LayerError(code: .notFound, operation: "look up", subject: "", reason: "nothing there")
        #expect(error.description == "look up failed: nothing there (notFound)")
    }

    @Test func escapesWhatATerminalWouldActOn() {
        let error = LayerError(
            code: .notFound, operation: "open", subject: "Documents/\u{1B}]0;owned\u{07}", reason: "no \u{1B}[31mfile")
        #expect(error.description == "open failed for Documents/\\e]0;owned\\a: no \\e[31mfile (notFound)")
    }

    @Test func keepsTheChainOfCausesAndTheErrnoAtItsEnd() throws {
        let upper = UpperError(
            code: "denied", operation: "rename", subject: "Documents/a.txt", reason: "permission denied",
            underlying: Self.system)
        #expect(upper.errno == 13)
        #expect(upper.causes.map(\.operation) == ["rename", "open"])
        #expect(upper.rootCause.operation == "open")
        let lower = try #require(upper.cause(LayerError.self))
        #expect(lower.code == .denied)
        #expect(upper.cause(UpperError.self)?.operation == "rename")
        #expect(
            upper.debugDescription == """
                rename failed for Documents/a.txt: permission denied (denied)
                caused by: open failed for Documents/a.txt: permission denied (denied)
                """)
    }

    @Test func anErrorWithoutACauseHasNoErrno() {
        let error = UpperError(code: "x", operation: "parse", subject: "a", reason: "bad")
        #expect(error.errno == nil)
        #expect(error.causes.count == 1)
        #expect(error.cause(LayerError.self) == nil)
    }

    @Test func errorsThatSayTheSameAreEqual() {
        var other = Self.system
        #expect(other == Self.system)
        other.ownErrno = 1
        #expect(other != Self.system)
        other = Self.system
        other.underlying = Self.system
        #expect(other != Self.system)
        #expect(Set([Self.system, Self.system]).count == 1)
    }
}
