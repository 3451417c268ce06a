import FolioDatabase
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
        let values: [DatabaseValue] = [.null, .integer(Int64.max), .real(0.5), .text("ALU"), .blob(Data([0, 255]))]
        let json = try JSONEncoder().encode(values)
        #expect(String(decoding: json, as: UTF8.self) == #"[null,9223372036854775807,0.5,"ALU",{"base64":"AP8="}]"#)
        #expect(try JSONDecoder().decode([DatabaseValue].self, from: json) == values)
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
        #expect(throws: DatabaseError.self) { try db.fetchValue(Side.self, "SELECT 'hold'") }
    }
}
