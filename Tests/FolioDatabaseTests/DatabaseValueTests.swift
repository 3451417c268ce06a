import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

@Suite struct DatabaseValueTests {
    @Test func describesValuesAsSQLLiterals() {
        #expect(DatabaseValue.null.description == "NULL")
        #expect(DatabaseValue.integer(-3).description == "-3")
        #expect(DatabaseValue.real(14.23).description == "14.23")
        #expect(DatabaseValue.text("it's").description == "'it''s'")
        #expect(DatabaseValue.blob(Data([0x0A, 0xFF])).description == "x'0AFF'")
        #expect(DatabaseValue.blob(Data([0x0A])).storageClass.description == "BLOB")
    }

    @Test func roundTripsThroughJSON() throws {
        let values: [DatabaseValue] = [
            .null, .integer(Int64.max), .real(0.5), .text("ALU"), .blob(Data([0, 255])), .real(.infinity),
        ]
        let json = try JSONEncoder().encode(values)
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"[null,9223372036854775807,0.5,"ALU",{"base64":"AP8="},{"real":"Infinity"}]"#)
        #expect(try JSONDecoder().decode([DatabaseValue].self, from: json) == values)
    }

    @Test func aRealAlwaysReadsAsAReal() {
        #expect(DatabaseValue.realText(2.0) == "2.0")
        #expect(DatabaseValue.realText(-0.0) == "-0.0")
        #expect(DatabaseValue.realText(2832.2) == "2832.2")
        #expect(DatabaseValue.realText(33.0384) == "33.0384")
        #expect(DatabaseValue.realText(0.1 + 0.2) == "0.30000000000000004")
        #expect(DatabaseValue.realText(1e16) == "1e+16")
        #expect(DatabaseValue.realText(9_435_894_195_272_214) == "9435894195272214.0")
        #expect(DatabaseValue.realText(-9.5e15) == "-9500000000000000.0")
        #expect(DatabaseValue.realText(0x1p53) == "9007199254740992.0")
        #expect(DatabaseValue.realText(.leastNonzeroMagnitude) == "5e-324")
        #expect(DatabaseValue.realText(.infinity) == "Infinity")
        #expect(DatabaseValue.realText(-.infinity) == "-Infinity")
        #expect(DatabaseValue.realText(.nan) == "NaN")
        #expect(DatabaseValue.real(2.0).description == "2.0")
    }

    /// The shortest text that reads back as the same double is what Python's `repr` prints: the
    /// test asks Python for thousands of doubles, ordinary and odd, in the same run.
    @Test func realsReadAsPythonWritesThem() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, 2, 0.1, 1e15, 1e16, 1e-4, 1e-5, 123_456_789_012_345_680, 9_007_199_254_740_992, 2.5e-308,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 2328.600000000004, 14.23,
        ]
        while values.count < 3000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { values.append(value) }
        }
        values += (0..<1000).map { _ in Double(Int.random(in: -1_000_000...1_000_000)) / 100 }
        // Where Swift's own description and Python's repr part ways: whole numbers from 2^53 to 1e16.
        values += (0..<1000).map { _ in Double.random(in: 0x1p53..<1e16) * (Bool.random() ? 1 : -1) }
        let input = values.map { String($0.bitPattern) }.joined(separator: "\n")
        let python = try Subprocess.run(
            "python3",
            [
                "-c",
                "import struct,sys\nfor l in sys.stdin: print(repr(struct.unpack('<d', struct.pack('<Q', int(l)))[0]))",
            ],
            input: input)
        try #require(python.status == 0, "\(python.error)")
        let expected = python.output.split(separator: "\n").map(String.init)
        try #require(expected.count == values.count)
        for (value, text) in zip(values, expected) where DatabaseValue.realText(value) != text {
            Issue.record("\(value.bitPattern): Folio writes \(DatabaseValue.realText(value)), Python \(text)")
        }
    }

    @Test func jsonTextKeepsTheStorageClass() {
        let cases: [(DatabaseValue, String)] = [
            (.null, "null"),
            (.integer(2), "2"),
            (.real(2.0), "2.0"),
            (.real(-0.0), "-0.0"),
            (.real(2832.2), "2832.2"),
            (.real(1e16), "1e+16"),
            (.real(.infinity), #"{"real":"Infinity"}"#),
            (.real(-.infinity), #"{"real":"-Infinity"}"#),
            (.real(.nan), #"{"real":"NaN"}"#),
            (.text("Infinity"), #""Infinity""#),
            (.text("a \"quote\", a \\ and\n\u{1B}[31m"), #""a \"quote\", a \\ and\n\u001b[31m""#),
            (.blob(Data([0, 255])), #"{"base64":"AP8="}"#),
        ]
        for (value, json) in cases {
            #expect(value.jsonText == json)
        }
    }

    @Test func jsonTextReadsBackAsTheSameValue() throws {
        let values: [DatabaseValue] = [
            .null, .integer(-7), .real(2.0), .real(-0.0), .real(0.30000000000000004), .real(.infinity),
            .real(-.infinity), .text("Infinity"), .text("tab\there"), .blob(Data([1, 2, 3])),
        ]
        let json = "[" + values.map(\.jsonText).joined(separator: ",") + "]"
        let decoded = try JSONDecoder().decode([DatabaseValue].self, from: Data(json.utf8))
        // JSON numbers do not say whether 2.0 was a REAL: only whole reals need {"real": 2}.
        #expect(decoded[0] == .null)
        #expect(decoded[1] == .integer(-7))
        #expect(decoded[3].storageClass == .real || decoded[3] == .integer(0))
        #expect(Array(decoded[4...]) == Array(values[4...]))
        #expect(try JSONDecoder().decode(DatabaseValue.self, from: Data(#"{"real": 2}"#.utf8)) == .real(2))
        let nan = try JSONDecoder().decode(DatabaseValue.self, from: Data(#"{"real": "NaN"}"#.utf8))
        if case .real(let value) = nan { #expect(value.isNaN) } else { Issue.record("not a real: \(nan)") }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DatabaseValue.self, from: Data(#"{"real": "lots"}"#.utf8))
        }
    }

    @Test func aRowDecodesIntoStoredValues() throws {
        let db = try Database.inMemory()
        let row = try db.fetchOne([DatabaseValue].self, "SELECT NULL, 1, 1.5, 'x', x'00'")
        #expect(row == [.null, .integer(1), .real(1.5), .text("x"), .blob(Data([0]))])
    }

    @Test func rawRepresentableTypesConvertThroughTheirRawValue() throws {
        enum Side: String, DatabaseValueConvertible { case buy, sell }
        let db = try Database.inMemory()
        #expect(try db.fetchValue(Side.self, "SELECT ?", Side.sell) == .sell)
        let error = #expect(throws: DatabaseError.self) { try db.fetchValue(Side.self, "SELECT 'hold'") }
        #expect(error?.code == .typeMismatch)
    }
}
