import FolioDatabase
import Foundation
import Testing

@Suite struct DatabasePagingTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 100)

    private func numbers() throws -> Database {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE numbers (n INTEGER, picture BLOB)")
        for n in 1...5 {
            try db.execute("INSERT INTO numbers VALUES (?, ?)", n, n == 2 ? Self.png : nil)
        }
        return db
    }

    @Test func pagesATableWithItsRowIDsTheTotalAndTheNextOffset() throws {
        let db = try numbers()
        let first = try db.page(RowPageRequest(.table("numbers"), limit: 2))
        #expect(first.columns == ["n", "picture"])
        #expect(first.rows.map(\.first) == [.stored(.integer(1)), .stored(.integer(2))])
        #expect(first.rowIDs == [1, 2])
        #expect(first.total == 5)
        #expect(first.next == 2)
        let last = try db.page(RowPageRequest(.table("numbers"), offset: 4, limit: 2))
        #expect(last.rows.count == 1)
        #expect(last.next == nil)
        let exact = try db.page(RowPageRequest(.table("numbers"), offset: 3, limit: 2))
        #expect(exact.rows.count == 2)
        #expect(exact.next == nil)
    }

    /// A page of pictures costs their size and a few bytes each, and says what they are.
    @Test func summarisesBlobsWithoutCopyingThem() throws {
        let db = try numbers()
        let page = try db.page(RowPageRequest(.table("numbers"), offset: 1, limit: 1))
        let summary = BlobSummary(size: Self.png.count, head: Self.png.prefix(BlobSummary.headLength))
        #expect(page.rows == [[.stored(.integer(2)), .blob(summary)]])
        #expect(summary.mediaType == "image/png")
        #expect(summary.kind?.name == "PNG image")
        #expect(BlobSummary(of: Data("plain".utf8)).mediaType == "application/octet-stream")
    }

    /// The schema says which tables have rowids, not the text of their `CREATE` statement.
    @Test func aTableWithoutRowIDsHasNone() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE kv (k TEXT PRIMARY KEY, v) WITHOUT ROWID")
        try db.execute("CREATE TABLE tricky (note TEXT DEFAULT 'WITHOUT ROWID')")
        try db.execute("INSERT INTO kv VALUES ('a', 1)")
        try db.execute("INSERT INTO tricky VALUES ('x')")
        #expect(try db.page(RowPageRequest(.table("kv"), limit: 10)).rowIDs == nil)
        #expect(try db.page(RowPageRequest(.table("tricky"), limit: 10)).rowIDs == [1])
    }

    @Test func anUnknownTableIsNotFound() throws {
        let db = try numbers()
        let error = try #require(throws: DatabaseError.self) {
            try db.page(RowPageRequest(.table("nope"), limit: 10))
        }
        #expect(error.code == .notFound)
        #expect(error.reason == "there is no table or view named 'nope'")
    }

    @Test func pagesAQueryWithItsArgumentsCountingAsFarAsAsked() throws {
        let db = try numbers()
        let query = RowPageRequest.Source.query(
            "SELECT n FROM numbers WHERE n > ? ORDER BY n DESC -- the big ones\n;", [1])
        let page = try db.page(RowPageRequest(query, offset: 1, limit: 2))
        #expect(page.rows == [[.stored(.integer(4))], [.stored(.integer(3))]])
        #expect(page.rowIDs == nil)
        #expect(page.total == 4)
        #expect(page.next == 3)
        #expect(try db.page(RowPageRequest(query, limit: 0, counting: .upTo(2))).total == 2)
        #expect(try db.page(RowPageRequest(query, limit: 1, counting: .none)).total == nil)
    }

    @Test func aQueryThatWritesIsRefused() throws {
        let db = try numbers()
        let error = try #require(throws: DatabaseError.self) {
            try db.page(RowPageRequest(.query("DELETE FROM numbers"), limit: 10))
        }
        #expect(error.code == .readOnly)
        #expect(try db.page(RowPageRequest(.table("numbers"), limit: 10)).total == 5)
    }

    @Test func theResultSizeLimitHolds() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x TEXT)")
        try db.execute("INSERT INTO t VALUES (?)", String(repeating: "x", count: 2000))
        let error = try #require(throws: DatabaseError.self) {
            try db.page(RowPageRequest(.table("t"), limit: 10), limits: QueryLimits(resultSizeLimit: 1000))
        }
        #expect(error.code == .tooBig)
    }

    /// Sorted pages in a table's second half are read from the other end and turned round: every
    /// page, either direction, must hold exactly the rows the plain `ORDER BY … LIMIT … OFFSET`
    /// gives — with ties, NULLs, numbers and text mixed in the sort column.
    @Test(arguments: [false, true])
    func everySortedPageHoldsTheRowsOfThePlainQuery(descending: Bool) throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (name, other TEXT)")
        for n in 0..<997 {
            let name: DatabaseValue =
                n % 11 == 0 ? .null : n % 7 == 0 ? .integer(Int64(n % 5)) : .text("name \(n % 23)")
            try db.execute("INSERT INTO t VALUES (?, ?)", name, "row \(n)")
        }
        let direction = descending ? "DESC" : "ASC"
        var expected: [Int64] = []
        try db.prepare("SELECT rowid FROM t ORDER BY name \(direction), rowid \(direction)").forEachRow { row in
            expected.append(try row.value(at: 0))
        }
        for limit in [1, 50, 100] {
            for offset in stride(from: 0, through: 1000, by: 97) + [996, 997, 947] {
                let page = try db.page(
                    RowPageRequest(
                        .table("t"), offset: offset, limit: limit, order: RowOrder("name", isDescending: descending)))
                let want = Array(expected[min(offset, expected.count)..<min(offset + limit, expected.count)])
                #expect(page.rowIDs == want, "offset \(offset), limit \(limit)")
                #expect(page.rows.map { $0.last } == want.map { .stored(.text("row \($0 - 1)")) })
                #expect(page.total == 997)
                #expect(page.next == (offset + limit < 997 ? offset + limit : nil))
            }
        }
    }
}
