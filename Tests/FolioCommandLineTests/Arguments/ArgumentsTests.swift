import Testing

@testable import FolioCommandLine

/// The parser on its own: every spelling of options, positionals counted against the
/// declaration, values read once, and the errors a person gets.
@Suite struct ArgumentsTests {
    static let recursive = Flag("--recursive", "-R", help: "")
    static let long = Flag("--long", "-l", help: "")
    static let depth = Option("--depth", "-d", valueName: "N", help: "", parse: WholeNumber.parse)
    static let name = Option("--name", valueName: "NAME", help: "")
    static let param = RepeatedOption("--param", "-p", valueName: "V", help: "")
    static let offset = RequiredOption("--offset", valueName: "N", help: "", parse: WholeNumber.parse)
    static let data = Option("--data", valueName: "TEXT", help: "")
    static let hex = Option("--hex", valueName: "HEX", help: "")
    static let source = Argument("SRC")
    static let target = OptionalArgument("DST")
    static let rest = RepeatedArgument("PATH", minimum: 0)

    func parse(_ raw: [String], _ parameters: [any CommandParameter]) throws(UsageError) -> Arguments {
        try Arguments(raw, parameters: parameters.map(\.parameter), usage: "test", otherOptions: ["--json"])
    }

    func message(_ raw: [String], _ parameters: [any CommandParameter]) -> String? {
        do {
            _ = try parse(raw, parameters)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func longShortAndCombinedShortFlags() throws {
        let parameters: [any CommandParameter] = [Self.recursive, Self.long, Self.rest]
        for raw in [["--recursive", "--long"], ["-R", "-l"], ["-Rl"], ["-lR"]] {
            let arguments = try parse(raw, parameters)
            #expect(arguments[Self.recursive] && arguments[Self.long], "\(raw)")
        }
        let none = try parse([], parameters)
        #expect(!none[Self.recursive] && !none[Self.long])
    }

    @Test func valuesEveryWayTheyAreWritten() throws {
        let parameters: [any CommandParameter] = [Self.depth, Self.recursive]
        for raw in [["--depth", "3"], ["--depth=3"], ["-d", "3"], ["-d3"], ["-Rd3"], ["-Rd", "3"]] {
            #expect(try parse(raw, parameters)[Self.depth] == 3, "\(raw)")
        }
        #expect(message(["--depth="], [Self.depth]) == "option '--depth' needs a whole number, not ''")
        #expect(try parse(["--name="], [Self.name])[Self.name] == "")
        #expect(try parse([], parameters)[Self.depth] == nil)
    }

    @Test func doubleDashEndsOptions() throws {
        let arguments = try parse(["-R", "--", "-l", "--depth"], [Self.recursive, Self.long, Self.rest])
        #expect(arguments[Self.recursive])
        #expect(!arguments[Self.long])
        #expect(arguments[Self.rest] == ["-l", "--depth"])
        #expect(try parse(["-"], [Self.rest])[Self.rest] == ["-"])
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let arguments = try parse(["--param", "1", "-p", "2", "--param=3", "-p4"], [Self.param])
        #expect(arguments[Self.param] == ["1", "2", "3", "4"])
        #expect(try parse([], [Self.param])[Self.param].isEmpty)
        #expect(message(["--name", "a", "--name", "b"], [Self.name]) == "option '--name' was given more than once")
    }

    @Test(arguments: ["-5", "-.5", "-41.32,174.81", "-0"])
    func negativeNumbersAndCoordinatesArePositionals(_ word: String) throws {
        let arguments = try parse([word, "40.96,-5.50"], [Self.recursive, Self.source, Self.target])
        #expect(arguments[Self.source] == word)
        #expect(arguments[Self.target] == "40.96,-5.50")
        if let number = Int(word) {
            #expect(try parse(["--depth", word], [Self.depth])[Self.depth] == number)
        }
    }

    @Test func missingValuesAreUsageErrors() {
        #expect(message(["--depth"], [Self.depth]) == "option '--depth' needs a value (N)")
        #expect(message(["-d"], [Self.depth]) == "option '-d' needs a value (N)")
        #expect(message(["--long=yes"], [Self.long]) == "option '--long' takes no value")
        #expect(message(["--depth", "three"], [Self.depth]) == "option '--depth' needs a whole number, not 'three'")
        #expect(message([], [Self.offset]) == "missing option '--offset N'")
    }

    @Test func unknownOptionsSuggestTheNearest() {
        #expect(message(["--lnog"], [Self.long]) == "unknown option '--lnog'; did you mean '--long'?")
        #expect(message(["--jsn"], [Self.long]) == "unknown option '--jsn'; did you mean '--json'?")
        #expect(message(["--colour"], [Self.long]) == "unknown option '--colour'")
        #expect(message(["-x"], [Self.long]) == "unknown option '-x'")
        #expect(message(["-lx"], [Self.long]) == "unknown option '-x'")
    }

    @Test func positionalsAreCountedAgainstTheDeclaration() throws {
        let parameters: [any CommandParameter] = [Self.source, Self.target]
        #expect(message([], parameters) == "missing SRC")
        #expect(try parse(["a"], parameters)[Self.target] == nil)
        #expect(try parse(["a", "b"], parameters)[Self.target] == "b")
        #expect(message(["a", "b", "c"], parameters) == "unexpected argument 'c'")
        #expect(message([], [RepeatedArgument("PATH")]) == "missing PATH")
        let spread = try parse(["a", "b", "c"], [Self.source, Self.rest])
        #expect(spread[Self.source] == "a")
        #expect(spread[Self.rest] == ["b", "c"])
    }

    @Test func exclusiveOptionsAreEnforced() throws {
        let optional: [any CommandParameter] = [ExclusiveOptions(Self.recursive, Self.long)]
        #expect(message(["-R", "-l"], optional) == "--recursive and --long cannot be given together")
        #expect(try parse([], optional)[Self.long] == false)
        let required: [any CommandParameter] = [ExclusiveOptions(Self.data, Self.hex, isRequired: true)]
        #expect(message([], required) == "give one of --data or --hex")
        #expect(try parse(["--hex", "0a"], required)[Self.hex] == "0a")
    }

    @Test func usageIsGeneratedFromTheDeclaration() {
        let parameters: [any CommandParameter] = [
            Self.recursive, Self.depth, Self.param, Self.offset, ExclusiveOptions(Self.data, Self.hex),
            Self.source, Self.target, RepeatedArgument("PATH"),
        ]
        let usage = Command.usage("x", parameters.map(\.parameter))
        #expect(usage == "x [-R] [--depth N] [--param V]… --offset N [--data TEXT | --hex HEX] SRC [DST] PATH…")
    }

    @Test func suggestionsAreNearWordsOnly() {
        #expect(Suggestion.nearest(to: "lss", among: ["ls", "cat"]) == "ls")
        #expect(Suggestion.nearest(to: "sl", among: ["ls", "cat"]) == "ls")
        #expect(Suggestion.nearest(to: "geo", among: ["ls", "cat"]) == nil)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
