import FolioSandbox
import Testing

@Suite struct FileNameTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var rule: String
        var description: String { FileName.quoted(name) }
    }

    static let refused: [Case] = [
        Case(name: "", rule: "empty"),
        Case(name: ".", rule: "not allowed"),
        Case(name: "..", rule: "not allowed"),
        Case(name: "a/b", rule: "'/'"),
        Case(name: "a\u{0}b", rule: "NUL"),
        Case(name: "line\nbreak", rule: "control"),
        Case(name: "bell\u{7}", rule: "control"),
        Case(name: "csi\u{9B}", rule: "control"),
        Case(name: String(repeating: "x", count: 256), rule: "255 bytes"),
        Case(name: String(repeating: "é", count: 128), rule: "255 bytes"),
        Case(name: " leading", rule: "space"),
        Case(name: "trailing ", rule: "space"),
    ]

    @Test(arguments: refused)
    func refusesNamesThatBreakARule(_ testCase: Case) throws {
        let error = try #require(throws: FileError.self) { try FileName.validate(testCase.name) }
        #expect(error.code == .invalidName)
        #expect(error.reason.contains(testCase.rule))
        #expect(!FileName.isValid(testCase.name))
    }

    @Test(arguments: [
        "a.txt", "Untitled 2026-11-29 20.57.33.dudeldoc", ".hidden", "日本語.txt", "a b", "🙂",
        String(repeating: "x", count: 255),
    ])
    func acceptsOrdinaryNames(_ name: String) throws {
        try FileName.validate(name)
        #expect(FileName.isValid(name))
    }

    @Test(arguments: ["a\u{85}b", "\u{9F}", "a\u{A0}b", "é", "\u{80}x", "x\u{7F}", "ok", "a..b", "...", ". a"])
    func theQuickCheckAgreesWithTheRules(_ name: String) {
        #expect(FileName.isValid(name) == (FileName.brokenRule(name) == nil))
    }

    @Test func splitsStemAndExtension() {
        #expect(FileName.split("a.b.txt") == ("a.b", "txt"))
        #expect(FileName.split(".profile") == (".profile", ""))
        #expect(FileName.split("README") == ("README", ""))
    }

    @Test func quotingEscapesControlCharactersSoErrorsCannotDriveATerminal() {
        #expect(FileName.quoted("a\u{1B}[31mb") == "'a\\e[31mb'")
    }
}
