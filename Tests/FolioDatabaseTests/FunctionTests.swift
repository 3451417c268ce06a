import FolioDatabase
import Foundation
import Testing

@Suite struct FunctionTests {
    struct Product: DatabaseAggregate {
        var product = 1.0
        mutating func step(_ arguments: FunctionArguments) throws {
            product *= try arguments.value(at: 0) as Double
        }
        func finish() -> Double { product }
    }

    /// Counts live instances, to show SQLite releases every group's state.
    final class Tracked: @unchecked Sendable {
        // Safety: only changed while the test's single connection runs a statement.
        nonisolated(unsafe) static var live = 0
        init() { Tracked.live += 1 }
        deinit { Tracked.live -= 1 }
    }

    struct FailsOnNegative: DatabaseAggregate {
        let tracked = Tracked()
        var sum = 0
        mutating func step(_ arguments: FunctionArguments) throws {
            let value: Int = try arguments.value(at: 0)
            guard value >= 0 else {
                throw DatabaseError(.constraint, message: "negative value \(value)", operation: "step")
            }
            sum += value
        }
        func finish() -> Int { sum }
    }

    @Test func aScalarFunctionTakesTypedArguments() throws {
        let db = try Database.inMemory()
        try db.createFunction("value", argumentCount: 2, isDeterministic: true) { arguments in
            try arguments.value(at: 0) as Double * Double(try arguments.value(at: 1) as Int)
        }
        #expect(try db.fetchValue(Double.self, "SELECT value(14.23, 100)") == 1423)
        let error = try #require(throws: DatabaseError.self) { try db.fetchValue(Double.self, "SELECT value('x', 1)") }
        #expect(error.code == .typeMismatch)
        #expect(error.message == "argument 1 of value() is TEXT 'x', not a Double")
        #expect(error.sql == "SELECT value('x', 1)")
    }

    @Test func aFunctionTakesAnyNumberOfArgumentsWhenAsked() throws {
        let db = try Database.inMemory()
        try db.createFunction("joined") { arguments in
            arguments.values.map { "\($0)" }.joined(separator: "+")
        }
        #expect(try db.fetchValue(String.self, "SELECT joined()") == "")
        #expect(try db.fetchValue(String.self, "SELECT joined(1, 'a', NULL, x'00')") == "1+'a'+NULL+x'00'")
    }

    @Test func aWrongArgumentCountIsAnSQLError() throws {
        let db = try Database.inMemory()
        try db.createFunction("twice", argumentCount: 1) { arguments in try arguments.value(at: 0) as Int * 2 }
        let error = try #require(throws: DatabaseError.self) { try db.prepare("SELECT twice(1, 2)") }
        #expect(error.message == "wrong number of arguments to function twice()")
    }

    @Test func aSwiftErrorBecomesTheStatementsError() throws {
        struct NotAllowed: Error, CustomStringConvertible {
            var description: String { "symbols must be upper case" }
        }
        let db = try Database.inMemory()
        try db.createFunction("checked", argumentCount: 1) { arguments -> String in
            let symbol: String = try arguments.value(at: 0)
            guard symbol == symbol.uppercased() else { throw NotAllowed() }
            return symbol
        }
        try db.execute("CREATE TABLE stocks (symbol TEXT CHECK (checked(symbol) = symbol))")
        try db.execute("INSERT INTO stocks VALUES ('ALU')")
        let error = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO stocks VALUES ('alu')") }
        #expect(error.code == .error)
        #expect(error.message == "checked(): symbols must be upper case")
        #expect(try db.rowCount(of: "stocks") == 1)
    }

    @Test func functionsReturnEveryKindOfValue() throws {
        let db = try Database.inMemory()
        try db.createFunction("nullValue") { _ in DatabaseValue.null }
        try db.createFunction("bytes") { _ in Data([1, 2, 3]) }
        try db.createFunction("empty") { _ in "" }
        try db.createFunction("maybe") { arguments in try arguments.value(at: 0) as Int? }
        let row = try db.fetchOne(
            [String].self, "SELECT typeof(nullValue()), typeof(bytes()), typeof(empty()), typeof(maybe(NULL))")
        #expect(row == ["null", "blob", "text", "null"])
        #expect(try db.fetchValue(Data.self, "SELECT bytes()") == Data([1, 2, 3]))
    }

    @Test func aFunctionCanRunSQLOnItsOwnConnection() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE prices (symbol, price); INSERT INTO prices VALUES ('ALU', 14.23), ('NT', 20.23)")
        try db.createFunction("price", argumentCount: 1) { arguments in
            try db.fetchValue(
                Double.self, "SELECT price FROM prices WHERE symbol = ?", arguments.value(at: 0) as String)
        }
        #expect(try db.fetchValues(Double.self, "SELECT price(symbol) FROM prices ORDER BY symbol") == [14.23, 20.23])
    }

    @Test func anAggregateFoldsEachGroup() throws {
        let db = try Database.inMemory()
        try db.createAggregate("product", argumentCount: 1) { Product() }
        try db.execute("CREATE TABLE t (g, x); INSERT INTO t VALUES ('a', 2), ('a', 3), ('b', 5)")
        #expect(try db.fetchValues(Double.self, "SELECT product(x) FROM t GROUP BY g ORDER BY g") == [6, 5])
        #expect(try db.fetchValue(Double.self, "SELECT product(x) FROM t WHERE 0") == 1)
    }

    @Test func anAggregateErrorEndsTheStatementAndReleasesItsState() throws {
        let db = try Database.inMemory()
        try db.createAggregate("positiveSum", argumentCount: 1) { FailsOnNegative() }
        try db.execute("CREATE TABLE t (g, x); INSERT INTO t VALUES (1, 1), (1, -2), (1, 3), (2, 4)")
        let error = try #require(throws: DatabaseError.self) {
            try db.fetchValues(Int.self, "SELECT positiveSum(x) FROM t GROUP BY g")
        }
        #expect(error.code == .constraint)
        #expect(error.message == "negative value -2")
        #expect(Tracked.live == 0)
        #expect(try db.fetchValues(Int.self, "SELECT positiveSum(x) FROM t WHERE x > 0 GROUP BY g") == [4, 4])
        #expect(Tracked.live == 0)
    }

    @Test func argumentsKeptPastTheirCallStopTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let db = try Database.inMemory()
            nonisolated(unsafe) var kept: FunctionArguments?
            try db.createFunction("keep", argumentCount: 1) { arguments in
                kept = arguments
                return 0
            }
            _ = try db.fetchValue(Int.self, "SELECT keep('x')")
            _ = kept?[0]
        }
    }

    @Test func functionsCanBeReplacedAndRemoved() throws {
        let db = try Database.inMemory()
        try db.createFunction("f", argumentCount: 0) { _ in 1 }
        try db.createFunction("f", argumentCount: 0) { _ in 2 }
        #expect(try db.fetchValue(Int.self, "SELECT f()") == 2)
        try db.removeFunction("f", argumentCount: 0)
        let error2 = #expect(throws: DatabaseError.self) { try db.fetchValue(Int.self, "SELECT f()") }
        #expect(error2?.code == .error)
        let error = try #require(throws: DatabaseError.self) {
            try db.createFunction("g", argumentCount: 200) { _ in 0 }
        }
        #expect(error.code == .misuse)
    }
}
