import FolioDatabase
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

/// What no SQL may do to the program, whatever database it runs on.
@Suite struct AuthorizerTests {
    struct Case: Sendable, CustomStringConvertible {
        var sql: String
        var arguments: [DatabaseValue] = []
        var description: String { sql }
    }

    static let refused: [Case] = [
        // The heap limits and the temporary directories are the whole process's (the values are
        // harmless ones, so that a regression cannot disturb the other tests of the process).
        Case(sql: "PRAGMA hard_heap_limit = 1000000000000"),
        Case(sql: "PRAGMA soft_heap_limit = 1000000000000"),
        Case(sql: "PRAGMA temp_store_directory = '/tmp'"),
        Case(sql: "PRAGMA data_store_directory = '/tmp'"),
        // Native code: an extension, or a tokenizer given as a pointer (also as a bound value).
        Case(sql: "SELECT load_extension('/tmp/evil.so')"),
        Case(sql: "SELECT fts3_tokenizer('simple', x'4141414141414141')"),
        Case(sql: "SELECT fts3_tokenizer('simple', ?)", arguments: [.blob(Data(repeating: 0x41, count: 8))]),
    ]

    @Test(arguments: refused)
    func refusedOnAnyConnection(_ refused: Case) throws {
        let test = try TestContainer()
        let connections = [
            try Database.inMemory(),
            try Database(SandboxPath(parsing: "Documents/a.db"), in: test.container),
        ]
        for db in connections {
            let error = try #require(throws: DatabaseError.self) {
                try db.execute(refused.sql, arguments: StatementArguments(refused.arguments))
            }
            #expect(error.message.contains("not authorized") || error.message.contains("refused"), "\(error)")
            // The connection works on, and nothing of the process changed.
            #expect(try db.fetchValue(Int.self, "PRAGMA hard_heap_limit") == 0)
            #expect(try db.fetchValue(Int.self, "PRAGMA soft_heap_limit") == 0)
            #expect(try db.fetchValue(String.self, "PRAGMA temp_store_directory") == nil)
        }
    }

    @Test func aRefusedPragmaSaysWhy() throws {
        let error = try #require(throws: DatabaseError.self) {
            try Database.inMemory().execute("PRAGMA hard_heap_limit=1000000000000")
        }
        #expect(error.code == .authorization)
        #expect(
            error.message
                == "PRAGMA hard_heap_limit would change every database connection of the program and is refused")
    }

    @Test func ordinaryPragmasAndFunctionsStillWork() throws {
        let db = try Database.inMemory()
        try db.execute("PRAGMA cache_size = 100; PRAGMA user_version = 7")
        #expect(try db.fetchValue(Int.self, "PRAGMA user_version") == 7)
        #expect(try db.fetchValue(Int.self, "PRAGMA hard_heap_limit") != nil)
        #expect(try db.fetchValue(String.self, "SELECT upper('alu')") == "ALU")
    }
}
