import FolioDatabase
import FolioSandbox
import FolioTestSupport
import Foundation
import Glibc
import Testing

/// SQL run through a connection opened inside a container never opens, creates or changes a file
/// outside it, and reaches other databases in the Home by their container paths.
@Suite struct ConfinedFileSystemTests {
    /// A container, a database in it, and a directory beside the Home ("outside") holding a
    /// database with a secret.
    struct Setup {
        let test: TestContainer
        let outside: String
        let db: Database

        init() throws {
            test = try TestContainer()
            outside = test.directory.appending("outside")
            try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
            let secret = try Database(path: outside + "/secret.db")
            try secret.execute("CREATE TABLE t (secret TEXT); INSERT INTO t VALUES ('the secret')")
            try secret.close()
            db = try Database(SandboxPath(parsing: "Library/Database/x.db"), in: test.container)
            try db.execute("CREATE TABLE stocks (symbol TEXT); INSERT INTO stocks VALUES ('ALU')")
        }

        /// The files in the outside directory.
        var outsideFiles: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: outside)) ?? []).sorted()
        }
    }

    /// One attempt to reach a file outside the Home; `OUT` stands for the outside directory.
    struct Attack: Sendable, CustomStringConvertible {
        var name: String
        var sql: String
        var description: String { name }
    }

    static let attacks: [Attack] = [
        Attack(name: "VACUUM INTO a file: URI naming the unix VFS", sql: "VACUUM INTO 'file:OUT/copy.db?vfs=unix'"),
        Attack(name: "VACUUM INTO an absolute path", sql: "VACUUM INTO 'OUT/copy.db'"),
        Attack(
            name: "VACUUM INTO a URI computed by an expression",
            sql: "VACUUM INTO 'file:' || 'OUT/copy.db?vfs=unix'"),
        Attack(
            name: "ATTACH a file: URI naming the unix VFS",
            sql: "ATTACH 'file:OUT/secret.db?vfs=unix' AS x; SELECT * FROM x.t"),
        Attack(name: "ATTACH a file: URI", sql: "ATTACH 'file:OUT/secret.db' AS x; SELECT * FROM x.t"),
        Attack(name: "ATTACH an absolute path", sql: "ATTACH 'OUT/secret.db' AS x; SELECT * FROM x.t"),
        Attack(
            name: "ATTACH a URI computed by an expression",
            sql: "ATTACH 'file:' || 'OUT/secret.db?vfs=unix' AS x; SELECT * FROM x.t"),
        Attack(
            name: "ATTACH an absolute path computed by an expression",
            sql: "ATTACH '' || 'OUT/secret.db' AS x; SELECT * FROM x.t"),
        Attack(name: "ATTACH a path that climbs out", sql: "ATTACH 'Documents/../../outside/secret.db' AS x"),
        Attack(name: "ATTACH through a link that leads out", sql: "ATTACH 'Documents/out/secret.db' AS x"),
        Attack(name: "ATTACH a new database through a link that leads out", sql: "ATTACH 'Documents/out/new.db' AS x"),
        Attack(name: "VACUUM INTO through a link that leads out", sql: "VACUUM INTO 'Documents/out/copy.db'"),
        Attack(name: "ATTACH a database file that is a link leading out", sql: "ATTACH 'Documents/link.db' AS x"),
    ]

    @Test(arguments: attacks)
    func sqlCannotReachAFileOutsideTheHome(_ attack: Attack) throws {
        let setup = try Setup()
        try FileManager.default.createSymbolicLink(
            atPath: setup.test.absolute("Documents/out"), withDestinationPath: setup.outside)
        try FileManager.default.createSymbolicLink(
            atPath: setup.test.absolute("Documents/link.db"), withDestinationPath: setup.outside + "/secret.db")
        let sql = attack.sql.replacingOccurrences(of: "OUT", with: setup.outside)
        var rows: [String] = []
        let error = try #require(throws: DatabaseError.self) {
            try setup.db.execute(sql) { row in
                rows.append("\(row[0])")
                return .continue
            }
        }
        #expect([.authorization, .cannotOpen].contains(error.code), "\(error)")
        #expect(rows.isEmpty)
        #expect(setup.outsideFiles == ["secret.db"])
        #expect(try setup.db.fetchValue(Int.self, "SELECT count(*) FROM pragma_database_list") == 1)
    }

    @Test func aComputedNameGoesThroughTheConfinedFileSystemToo() throws {
        let setup = try Setup()
        let error = try #require(throws: DatabaseError.self) {
            try setup.db.execute("ATTACH ? AS x", arguments: StatementArguments([.text(setup.outside + "/secret.db")]))
        }
        #expect(error.code == .cannotOpen)
        #expect(error.message.contains("absolute paths are not allowed"))
        #expect(setup.outsideFiles == ["secret.db"])
    }

    @Test func refusalsSayWhy() throws {
        let setup = try Setup()
        let uri = try #require(throws: DatabaseError.self) {
            try setup.db.execute("VACUUM INTO 'file:\(setup.outside)/copy.db?vfs=unix'")
        }
        #expect(uri.message.contains("URI file names are not accepted"))
        let absolute = try #require(throws: DatabaseError.self) {
            try setup.db.execute("ATTACH '\(setup.outside)/secret.db' AS x")
        }
        #expect(absolute.message.contains("absolute paths are not allowed; paths are relative to the Home"))
    }

    /// Another connection's directory descriptor, as `/proc/self/fd/N`, leads into another
    /// container: a connection accepts only the descriptors it resolved itself.
    @Test func anotherConnectionsDescriptorIsRefused() throws {
        let setup = try Setup()
        let other = try TestContainer()
        let neighbour = try Database(SandboxPath(parsing: "Documents/secret.db"), in: other.container)
        try neighbour.execute("CREATE TABLE t (secret TEXT); INSERT INTO t VALUES ('the neighbour''s secret')")
        let descriptors = try ConfinedFileSystemTests.descriptors(leadingTo: other.absolute("Documents"))
        try #require(!descriptors.isEmpty)
        for descriptor in descriptors {
            for sql in [
                "ATTACH '/proc/self/fd/\(descriptor)/secret.db' AS x",
                "ATTACH '/proc/self/fd/' || '\(descriptor)' || '/secret.db' AS x",
                "VACUUM INTO '/proc/self/fd/' || '\(descriptor)' || '/copy.db'",
            ] {
                let error = try #require(throws: DatabaseError.self) { try setup.db.execute(sql) }
                #expect([.authorization, .cannotOpen].contains(error.code), "\(error)")
            }
        }
        #expect(!other.exists("Documents/copy.db"))
        #expect(try neighbour.fetchValue(Int.self, "SELECT count(*) FROM t") == 1)
    }

    @Test func attachesAnotherDatabaseOfTheHomeByItsPath() throws {
        let setup = try Setup()
        try setup.db.execute(
            """
            ATTACH 'Documents/other.db' AS other;
            CREATE TABLE other.notes (body TEXT);
            INSERT INTO other.notes SELECT symbol FROM main.stocks;
            DETACH other;
            """)
        let attributes = try FileManager.default.attributesOfItem(atPath: setup.test.absolute("Documents/other.db"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let other = try Database(SandboxPath(parsing: "Documents/other.db"), in: setup.test.container)
        #expect(try other.fetchValues(String.self, "SELECT body FROM notes") == ["ALU"])
        // A name computed by an expression or bound as a value is a container path as well.
        try setup.db.execute("ATTACH ? AS bound", arguments: ["Documents/other.db"])
        try setup.db.execute("ATTACH 'Docu' || 'ments/other.db' AS computed")
        #expect(try setup.db.fetchValue(Int.self, "SELECT count(*) FROM computed.notes") == 1)
        #expect(try setup.db.fetchValue(Int.self, "SELECT count(*) FROM bound.notes") == 1)
    }

    @Test func attachingADatabaseThatIsMissingWithoutCreateSaysSo() throws {
        let test = try TestContainer()
        try test.container.provisionDeclaredResources()
        let db = try Database(
            SandboxPath(parsing: "Library/Database/financial.db"), in: test.container, mode: .readWrite)
        let error = try #require(throws: DatabaseError.self) { try db.execute("ATTACH 'Documents/none.db' AS x") }
        #expect(error.code == .cannotOpen)
        #expect(error.message.contains("there is no database file named 'none.db'"))
        #expect(!test.exists("Documents/none.db"))
    }

    @Test func vacuumIntoWritesACopyInsideTheHome() throws {
        let setup = try Setup()
        try setup.db.execute("VACUUM INTO 'tmp/copy.db'")
        let copy = try Database(SandboxPath(parsing: "tmp/copy.db"), in: setup.test.container, mode: .readOnly)
        #expect(try copy.fetchValues(String.self, "SELECT symbol FROM stocks") == ["ALU"])
    }

    @Test func theBundleStaysReadOnlyWhenAttached() throws {
        let setup = try Setup()
        try setup.db.execute("ATTACH 'Folio.app/financial.db' AS sample")
        #expect(try setup.db.fetchValue(Int.self, "SELECT count(*) FROM sample.stocks") == 4)
        let write = try #require(throws: DatabaseError.self) { try setup.db.execute("DELETE FROM sample.stocks") }
        #expect(write.code == .readOnly)
        #expect(try setup.db.fetchValue(Int.self, "SELECT count(*) FROM sample.stocks") == 4)
        let create = try #require(throws: DatabaseError.self) {
            try setup.db.execute("VACUUM INTO 'Folio.app/copy.db'")
        }
        #expect(create.message.contains("the bundle (Folio.app) is read-only"))
        let attach = try #require(throws: DatabaseError.self) {
            try setup.db.execute("ATTACH 'Folio.app/new.db' AS new")
        }
        #expect(attach.code == .authorization)
        #expect(!FileManager.default.fileExists(atPath: setup.test.container.bundleDirectory + "/copy.db"))
        #expect(!FileManager.default.fileExists(atPath: setup.test.container.bundleDirectory + "/new.db"))
    }

    /// SQLite's temporary files (here a temporary table larger than its cache) are made in the
    /// container's `tmp/`, not in the system's temporary directory.
    @Test func temporaryFilesAreMadeInTheContainersTmp() throws {
        let setup = try Setup()
        try setup.db.execute(
            """
            PRAGMA temp.cache_size = 2;
            CREATE TEMP TABLE scratch (bytes BLOB);
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 200)
            INSERT INTO scratch SELECT zeroblob(4096) FROM c;
            """)
        let tmp = setup.test.absolute("tmp")
        let open = try ConfinedFileSystemTests.openFiles().filter { $0.hasPrefix(tmp + "/") }
        #expect(open.contains { $0.contains("/.folio-sqlite-") && $0.hasSuffix(" (deleted)") }, "\(open)")
        #expect(try setup.db.fetchValue(Int.self, "SELECT count(*) FROM scratch") == 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.hasPrefix(".folio") }.isEmpty)
    }

    @Test func extensionsCannotBeLoaded() throws {
        let setup = try Setup()
        let error = try #require(throws: DatabaseError.self) {
            try setup.db.execute("SELECT load_extension('\(setup.outside)/evil.so')")
        }
        #expect(error.message.contains("not authorized"))
    }

    /// What this process's open descriptors lead to (`readlink /proc/self/fd/N`).
    static func openFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)
        }
    }

    /// The numbers of this process's descriptors open on `directory`.
    static func descriptors(leadingTo directory: String) throws -> [Int] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
                target == directory
            else { return nil }
            return Int(name)
        }
    }
}
