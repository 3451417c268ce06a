import FolioDatabase
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct DatabaseContainerTests {
    private func contents(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test func createsThePrivateDatabaseAndItsWALInsideTheContainer() throws {
        let test = try TestContainer()
        let db = try Database(SandboxPath(parsing: "Library/Database/notes.db"), in: test.container)
        try db.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello')")
        #expect(db.name == "Library/Database/notes.db")
        #expect(contents(test.absolute("Library/Database")) == ["notes.db", "notes.db-shm", "notes.db-wal"])
        let attributes = try FileManager.default.attributesOfItem(atPath: test.absolute("Library/Database/notes.db"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        try db.close()
        #expect(contents(test.absolute("Library/Database")) == ["notes.db"])
    }

    @Test func aPathThroughASymbolicLinkLeadingOutsideIsRefused() throws {
        let test = try TestContainer()
        let outside = test.directory.appending("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: test.absolute("Documents/out"), withDestinationPath: outside)
        let error = try #require(throws: DatabaseError.self) {
            try Database(SandboxPath(parsing: "Documents/out/stolen.db"), in: test.container)
        }
        #expect(error.code == .cannotOpen)
        #expect(error.fileError?.code == .outsideContainer)
        #expect(error.operation == "open database")
        #expect(contents(outside).isEmpty)
    }

    @Test func aDatabaseFileThatIsASymbolicLinkIsRefused() throws {
        let test = try TestContainer()
        try test.plant("Documents/real.db")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/link.db"), withDestinationPath: "real.db")
        let error = try #require(throws: DatabaseError.self) {
            try Database(SandboxPath(parsing: "Documents/link.db"), in: test.container)
        }
        #expect(error.extendedCode == .cannotOpenSymbolicLink)
    }

    @Test func linksInsideTheContainerLeadToTheRealDirectory() throws {
        let test = try TestContainer()
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/db"), withDestinationPath: "../Library/Database")
        let db = try Database(SandboxPath(parsing: "Documents/db/linked.db"), in: test.container)
        try db.execute("CREATE TABLE t (x)")
        try db.close()
        #expect(test.exists("Library/Database/linked.db"))
    }

    @Test func filesStayInTheOpenedDirectoryWhenItsPathIsSwappedForALink() throws {
        let test = try TestContainer()
        let outside = test.directory.appending("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: test.absolute("Documents/data"), withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.journalMode = .delete
        let db = try Database(
            SandboxPath(parsing: "Documents/data/x.db"), in: test.container, configuration: configuration)
        try db.execute("CREATE TABLE t (x)")

        // Move the directory away and put a link to the outside where it was.
        try FileManager.default.moveItem(
            atPath: test.absolute("Documents/data"), toPath: test.absolute("Documents/moved"))
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/data"), withDestinationPath: outside)

        try db.transaction { db in
            try db.execute("INSERT INTO t VALUES (1)")
            #expect(contents(test.absolute("Documents/moved")) == ["x.db", "x.db-journal"])
        }
        #expect(contents(outside).isEmpty)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 1)
    }

    @Test func sqlCannotReachFilesOutsideTheContainer() throws {
        let test = try TestContainer()
        let outside = test.directory.appending("outside.db")
        let db = try Database(SandboxPath(parsing: "Library/Database/x.db"), in: test.container)
        let attach = try #require(throws: DatabaseError.self) {
            try db.execute("ATTACH \(SQL.quote(outside)) AS other")
        }
        #expect(attach.code == .authorization)
        let vacuum = try #require(throws: DatabaseError.self) { try db.execute("VACUUM INTO \(SQL.quote(outside))") }
        #expect(vacuum.code == .authorization)
        #expect(!FileManager.default.fileExists(atPath: outside))
        try db.execute("ATTACH ':memory:' AS scratch")
    }

    @Test func theBundledSampleOpensReadOnly() throws {
        let test = try TestContainer()
        let path = try SandboxPath(parsing: "Folio.app/financial.db")
        let sample = try Database(path, in: test.container, mode: .readOnly)
        #expect(
            try sample.fetchValues(String.self, "SELECT symbol FROM stocks ORDER BY rowid") == [
                "ALU", "GOOG", "NT", "MSFT",
            ])
        let write = try #require(throws: DatabaseError.self) { try sample.execute("DELETE FROM stocks") }
        #expect(write.code == .readOnly)
        let open = try #require(throws: DatabaseError.self) { try Database(path, in: test.container) }
        #expect(open.code == .readOnly)
        #expect(open.fileError?.code == .readOnly)
    }

    @Test func theSampleIsProvisionedIntoTheLibrary() throws {
        let test = try TestContainer()
        try test.container.provisionDeclaredResources()
        let db = try Database(
            SandboxPath(parsing: "Library/Database/financial.db"), in: test.container, mode: .readWrite)
        try db.execute("INSERT INTO stocks VALUES ('AAPL', 90.1, 3, '05-05-2007')")
        #expect(try db.rowCount(of: "stocks") == 5)
    }

    @Test func aMissingDatabaseIsAClearErrorWithoutCreate() throws {
        let test = try TestContainer()
        let error = try #require(throws: DatabaseError.self) {
            try Database(SandboxPath(parsing: "Library/Database/none.db"), in: test.container, mode: .readWrite)
        }
        #expect(
            error.description
                == "open database failed for Library/Database/none.db: there is no database file here "
                + "(open it with create to make a new database) (cannotOpen)")
        #expect(error.fileError?.code == .notFound)
        let readOnly = try #require(throws: DatabaseError.self) {
            try Database(SandboxPath(parsing: "Library/Database/none.db"), in: test.container, mode: .readOnly)
        }
        #expect(readOnly.reason == "there is no database file here")
        #expect(!test.exists("Library/Database/none.db"))
        let directory = try #require(throws: DatabaseError.self) {
            try Database(SandboxPath(parsing: "Library/Database"), in: test.container)
        }
        #expect(directory.code == .cannotOpen)
    }
}
