import FolioDatabase
import Testing

@Suite struct TransactionTests {
    struct Refused: Error {}

    private func accounts() throws -> Database {
        let db = try Database.inMemory()
        try db.execute(
            """
            CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER CHECK (balance >= 0));
            INSERT INTO accounts VALUES (1, 100), (2, 0);
            """)
        return db
    }

    private func balances(_ db: Database) throws -> [Int] {
        try db.fetchValues(Int.self, "SELECT balance FROM accounts ORDER BY id")
    }

    @Test(arguments: [TransactionKind.deferred, .immediate, .exclusive])
    func commitsWhenTheBodyReturns(kind: TransactionKind) throws {
        let db = try accounts()
        let moved = try db.transaction(kind) { db in
            try db.execute("UPDATE accounts SET balance = balance - 30 WHERE id = 1")
            try db.execute("UPDATE accounts SET balance = balance + 30 WHERE id = 2")
            #expect(db.isInTransaction)
            return 30
        }
        #expect(moved == 30)
        #expect(!db.isInTransaction)
        #expect(try balances(db) == [70, 30])
    }

    @Test func rollsBackWhenTheBodyThrows() throws {
        let db = try accounts()
        #expect(throws: Refused.self) {
            try db.transaction { db in
                try db.execute("UPDATE accounts SET balance = 0 WHERE id = 1")
                throw Refused()
            }
        }
        #expect(!db.isInTransaction)
        #expect(try balances(db) == [100, 0])
    }

    @Test func rollsBackWhenAStatementFails() throws {
        let db = try accounts()
        let error = try #require(throws: DatabaseError.self) {
            try db.transaction(.immediate) { db in
                try db.execute("UPDATE accounts SET balance = balance + 500 WHERE id = 2")
                try db.execute("UPDATE accounts SET balance = balance - 500 WHERE id = 1")
            }
        }
        #expect(error.extendedCode == .constraintCheck)
        #expect(try balances(db) == [100, 0])
    }

    @Test func aFailedCommitRollsBack() throws {
        let db = try accounts()
        try db.execute("CREATE TABLE owners (account REFERENCES accounts(id) DEFERRABLE INITIALLY DEFERRED)")
        let error = try #require(throws: DatabaseError.self) {
            try db.transaction { db in
                try db.execute("INSERT INTO owners VALUES (99)")
                try db.execute("UPDATE accounts SET balance = 1 WHERE id = 2")
            }
        }
        #expect(error.extendedCode == .constraintForeignKey)
        #expect(error.sql == "COMMIT TRANSACTION")
        #expect(!db.isInTransaction)
        #expect(try balances(db) == [100, 0])
    }

    @Test func transactionsDoNotNestButSavepointsDo() throws {
        let db = try accounts()
        try db.transaction { db in
            let error = #expect(throws: DatabaseError.self) { try db.transaction { _ in } }
            #expect(error?.code == .error)
            try db.execute("UPDATE accounts SET balance = 1 WHERE id = 2")
            #expect(throws: Refused.self) {
                try db.savepoint("inner") { db in
                    try db.execute("UPDATE accounts SET balance = 2 WHERE id = 2")
                    throw Refused()
                }
            }
            try db.savepoint("kept") { db in
                try db.execute("UPDATE accounts SET balance = balance + 10 WHERE id = 1")
            }
        }
        #expect(try balances(db) == [110, 1])
    }

    @Test func aSavepointOutsideATransactionCommitsOnItsOwn() throws {
        let db = try accounts()
        try db.savepoint { db in try db.execute("DELETE FROM accounts WHERE id = 2") }
        #expect(!db.isInTransaction)
        #expect(try balances(db) == [100])
    }

    @Test func explicitBeginCommitAndRollback() throws {
        let db = try accounts()
        try db.beginTransaction(.immediate)
        try db.execute("DELETE FROM accounts")
        try db.rollback()
        try db.beginTransaction()
        try db.execute("DELETE FROM accounts WHERE id = 1")
        try db.commit()
        #expect(try balances(db) == [0])
        let error = #expect(throws: DatabaseError.self) { try db.commit() }
        #expect(error?.code == .error)
    }
}
