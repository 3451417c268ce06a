import FolioDatabase
import FolioDatabaseTables
import Foundation

/// SQLite files as `folio db tables`, `folio db exec` and `folio table show --sql` read them:
/// opened read-only, their tables and views listed with columns and row counts, and the first
/// rows of each read, every value of every type, through ``Row`` and through ``QueryRows``.
///
/// Mutations favour the file header and the headers of pages, where a changed byte changes how
/// SQLite reads everything behind it.
struct SQLiteTarget: InProcessTarget {
    var name: String { "sqlite" }
    var summary: String { "SQLite files: open read-only, tables(), row counts, rows of every table (Row, QueryRows)" }
    var fileExtension: String { "sqlite" }

    var profile: MutationProfile {
        MutationProfile(
            tokens: [
                "SQLite format 3\0", "\u{10}\0", "\u{02}\u{02}", "\u{01}\u{01}", "\0\0\0\0", "\u{FF}\u{FF}\u{FF}\u{FF}",
                "\u{7F}\u{FF}\u{FF}\u{FF}", "\u{0D}", "\u{05}", "\u{0A}", "\u{02}", "CREATE TABLE", "CREATE VIEW",
                "CREATE TRIGGER", "CREATE INDEX", "table", "view", "WITH RECURSIVE", "zeroblob(", "randomblob(",
            ],
            maximumSize: 2 << 20, pageSize: 4096)
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        corpus.bundleFile("financial.db") + corpus.bundleFile("Samples/tracks.db")
            + corpus.corpusFiles("sqlite", suffixes: [".sqlite"]) + SQLiteTarget.craftedSeeds()
    }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        let path = scratch + "/fuzz.sqlite"
        for suffix in ["", "-journal", "-wal", "-shm"] {
            unlink(path + suffix)
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(input)) else {
            throw Violation("the scratch file \(path) cannot be written")
        }
        do {
            let db = try Database(path: path, mode: .readOnly)
            let tables = try db.tables()
            for table in tables.prefix(24) {
                if table.kind == .table {
                    _ = try db.rowCount(of: table.name)
                }
                let statement = try db.prepare("SELECT * FROM \(SQL.quoteIdentifier(table.name)) LIMIT 64")
                try statement.forEachRow { row in
                    for index in 0..<row.count {
                        _ = row[index]
                        _ = row.bytes(at: index, upTo: 1 << 16)
                    }
                }
                let rows = try QueryRows(db, sql: "SELECT * FROM \(SQL.quoteIdentifier(table.name)) LIMIT 64")
                for index in 0..<(try rows.rowCount(upTo: 64)) {
                    _ = try rows.row(at: index)
                }
            }
            return .accepted
        } catch let error as DatabaseError {
            return .refused(error, code: error.code.description)
        } catch {
            return .refused(error, code: nil)
        }
    }

    /// Databases written for the fuzzer: every storage class at its edges, NUL and control
    /// characters in text, an index, a view, a trigger and a WAL-mode header.
    private static func craftedSeeds() -> [Seed] {
        let directory = NSTemporaryDirectory() + "folio-fuzz-seed-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/crafted.sqlite"
            var configuration = Configuration()
            configuration.journalMode = .delete
            let db = try Database(path: path, mode: .create, configuration: configuration)
            let table = SQL.quoteIdentifier("odd \"name\"")
            let wide = (1...60).map { "c\($0)" }.joined(separator: ", ")
            try db.execute(
                """
                CREATE TABLE \(table) (i INTEGER PRIMARY KEY, r REAL, t TEXT, b BLOB, n);
                INSERT INTO \(table) VALUES
                    (9223372036854775807, -0.0, 'a' || char(0) || 'b' || char(27) || '[31m', x'00ff', NULL),
                    (-9223372036854775808, 1e308 * 10, '', zeroblob(70000), 'Ωμέγα'),
                    (0, 4.9e-324, char(13, 10, 7), x'', -1e308 * 10);
                CREATE INDEX odd_t ON \(table)(t, r DESC);
                CREATE VIEW v AS SELECT t, length(b) AS size FROM \(table) WHERE i <> 0;
                CREATE TRIGGER keep BEFORE DELETE ON \(table) BEGIN SELECT RAISE(ABORT, 'kept'); END;
                CREATE TABLE wide (\(wide));
                INSERT INTO wide (c1, c60) VALUES (1, 60);
                """)
            let data = FileManager.default.contents(atPath: path) ?? Data()
            var wal = Array(data)
            if wal.count > 19 {
                wal[18] = 2
                wal[19] = 2
            }
            return [
                Seed(name: "crafted.sqlite", bytes: Array(data)), Seed(name: "crafted (WAL header).sqlite", bytes: wal),
            ]
        } catch {
            FileHandle.standardError.write(Data("folio-fuzz: the crafted SQLite seeds were not made: \(error)\n".utf8))
            return []
        }
    }
}
