import CSQLiteBaseline
import Foundation

/// The raw SQLite C API called from Swift: what FolioDatabase is measured against. It opens its
/// connections exactly as FolioDatabase does (no mutex, WAL, foreign keys, busy timeout), so the
/// ratio is the cost of the wrapper alone.
enum Baseline {
    static func open(_ path: String) -> OpaquePointer {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        check(sqlite3_open_v2(path, &db, flags, nil), db)
        guard let db else { fatalError("sqlite3_open_v2 gave no connection") }
        sqlite3_busy_timeout(db, 5000)
        exec(db, "PRAGMA foreign_keys = ON; PRAGMA journal_mode = wal")
        return db
    }

    static func exec(_ db: OpaquePointer, _ sql: String) {
        check(sqlite3_exec(db, sql, nil, nil, nil), db)
    }

    static func prepare(_ db: OpaquePointer, _ sql: String) -> OpaquePointer {
        var statement: OpaquePointer?
        check(sqlite3_prepare_v3(db, sql, -1, 0, &statement, nil), db)
        guard let statement else { fatalError("no statement for \(sql)") }
        return statement
    }

    static func check(_ result: Int32, _ db: OpaquePointer?) {
        if result != SQLITE_OK {
            fatalError("SQLite error \(result): \(db.map { String(cString: sqlite3_errmsg($0)) } ?? "")")
        }
    }

    /// Inserts the workload in one transaction with one prepared statement.
    static func insert(_ workload: Workload, into path: String) {
        let db = open(path)
        defer { sqlite3_close(db) }
        exec(db, "CREATE TABLE items (id INTEGER, price REAL, name TEXT)")
        exec(db, "BEGIN")
        let statement = prepare(db, "INSERT INTO items VALUES (?, ?, ?)")
        for index in 0..<workload.count {
            sqlite3_bind_int64(statement, 1, Int64(index))
            sqlite3_bind_double(statement, 2, workload.real(index))
            var text = workload.texts[index]
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    _ = sqlite3_bind_text(statement, 3, $0.baseAddress, Int32($0.count), baseline_sqlite_transient())
                }
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { fatalError(String(cString: sqlite3_errmsg(db))) }
            sqlite3_reset(statement)
        }
        sqlite3_finalize(statement)
        exec(db, "COMMIT")
    }

    /// Reads every row's columns by index.
    static func fetch(_ db: OpaquePointer) -> Checksum {
        let statement = prepare(db, "SELECT id, price, name FROM items")
        defer { sqlite3_finalize(statement) }
        var sum = Checksum()
        while sqlite3_step(statement) == SQLITE_ROW {
            let id = sqlite3_column_int64(statement, 0)
            let price = sqlite3_column_double(statement, 1)
            let name = text(statement, 2)
            sum.add(id, price, name)
        }
        return sum
    }

    /// Builds an `Item` from every row by hand.
    static func decode(_ db: OpaquePointer) -> Checksum {
        let statement = prepare(db, "SELECT id, price, name FROM items")
        defer { sqlite3_finalize(statement) }
        var sum = Checksum()
        while sqlite3_step(statement) == SQLITE_ROW {
            let item = Item(
                id: sqlite3_column_int64(statement, 0), price: sqlite3_column_double(statement, 1),
                name: text(statement, 2))
            sum.add(item.id, item.price, item.name)
        }
        return sum
    }

    @inline(__always)
    static func text(_ statement: OpaquePointer, _ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, index) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, index))),
            as: UTF8.self)
    }
}
