import FolioDatabase
import Foundation
import Testing

@Suite struct DateTests {
    @Test func datesAreStoredAsSQLiteDateText() throws {
        let db = try Database.inMemory()
        let date = Date(timeIntervalSince1970: 1_174_139_109.25)
        #expect(try db.fetchValue(String.self, "SELECT ?", date) == "2007-03-17 13:45:09.250")
        #expect(try db.fetchValue(String.self, "SELECT date(?)", date) == "2007-03-17")
        #expect(try db.fetchValue(Date.self, "SELECT ?", date) == date)
    }

    @Test(arguments: [
        ("2007-03-17", 1_174_089_600.0),
        ("2007-03-17 13:45", 1_174_139_100.0),
        ("2007-03-17T13:45:09", 1_174_139_109.0),
        ("2007-03-17 13:45:09.5", 1_174_139_109.5),
        ("2007-03-17 13:45:09Z", 1_174_139_109.0),
        ("2007-03-17 15:45:09+02:00", 1_174_139_109.0),
        ("1969-12-31 23:59:59", -1.0),
    ])
    func readsTheFormsSQLiteAccepts(text: String, seconds: Double) throws {
        let db = try Database.inMemory()
        #expect(try db.fetchValue(Date.self, "SELECT ?", text) == Date(timeIntervalSince1970: seconds))
        // SQLite's own reading agrees (to the millisecond its julian days keep).
        let sqlite = try #require(try db.fetchValue(Double.self, "SELECT (julianday(?) - 2440587.5) * 86400", text))
        #expect(abs(sqlite - seconds) < 0.001)
    }

    @Test func readsUnixTimesAndRefusesOtherText() throws {
        let db = try Database.inMemory()
        #expect(try db.fetchValue(Date.self, "SELECT 86400") == Date(timeIntervalSince1970: 86_400))
        let error = try #require(throws: DatabaseError.self) { try db.fetchValue(Date.self, "SELECT '03-17-2007'") }
        #expect(error.code == .typeMismatch)
        let error2 = #expect(throws: DatabaseError.self) { try db.fetchValue(Date.self, "SELECT '2007-13-01'") }
        #expect(error2?.code == .typeMismatch)
    }
}
