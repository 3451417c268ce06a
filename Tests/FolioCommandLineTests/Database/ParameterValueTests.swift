import FolioDatabase
import Foundation
import Testing

@testable import FolioCommandLine

@Suite struct ParameterValueTests {
    @Test(arguments: [
        ("42", DatabaseValue.integer(42)),
        ("-7", .integer(-7)),
        ("14.23", .real(14.23)),
        ("1e3", .real(1000)),
        ("007", .text("007")),
        ("+5", .text("+5")),
        ("inf", .text("inf")),
        ("ALU", .text("ALU")),
        ("", .text("")),
        ("null", .null),
        ("NULL", .null),
        ("text:null", .text("null")),
        ("text:42", .text("42")),
        ("int:007", .integer(7)),
        ("real:3", .real(3)),
        ("blob:CAFE", .blob(Data([0xCA, 0xFE]))),
    ])
    func infersOrTakesTheType(text: String, value: DatabaseValue) throws {
        #expect(try ParameterValue(parsing: text) == .positional(value))
    }

    @Test func namesAParameterWithItsPrefix() throws {
        #expect(try ParameterValue(parsing: ":symbol=ALU") == .named(":symbol", .text("ALU")))
        #expect(try ParameterValue(parsing: "@n=3") == .named("@n", .integer(3)))
        #expect(try ParameterValue(parsing: ":=x") == .positional(.text(":=x")))
        #expect(try ParameterValue(parsing: "a=b") == .positional(.text("a=b")))
    }

    @Test(arguments: ["int:x", "real:nan", "blob:ABC", "blob:zz"])
    func refusesMalformedTypedValues(text: String) {
        #expect(throws: UsageError.self) { try ParameterValue(parsing: text) }
    }
}
