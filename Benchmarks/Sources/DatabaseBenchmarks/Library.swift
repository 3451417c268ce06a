import FolioDatabase

/// The same work through FolioDatabase.
enum Library {
    static func open(_ path: String) throws -> Database {
        try Database(path: path)
    }

    static func insert(_ workload: Workload, into path: String) throws {
        let db = try open(path)
        try db.execute("CREATE TABLE items (id INTEGER, price REAL, name TEXT)")
        try db.execute("BEGIN")
        let insert = try db.prepare("INSERT INTO items VALUES (?, ?, ?)")
        for index in 0..<workload.count {
            try insert.execute(Int64(index), workload.real(index), workload.texts[index])
        }
        try db.execute("COMMIT")
    }

    static func fetch(_ db: Database) throws -> Checksum {
        let statement = try db.prepare("SELECT id, price, name FROM items")
        var sum = Checksum()
        try statement.forEachRow { row in
            sum.add(try row.value(at: 0), try row.value(at: 1), try row.value(at: 2))
        }
        return sum
    }

    static func decode(_ db: Database) throws -> Checksum {
        let statement = try db.prepare("SELECT id, price, name FROM items")
        var sum = Checksum()
        try statement.forEachRow { row in
            let item = try row.decode(Item.self)
            sum.add(item.id, item.price, item.name)
        }
        return sum
    }
}
