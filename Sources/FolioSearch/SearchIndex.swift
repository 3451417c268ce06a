import FolioCore
import FolioDatabase
import FolioFiles
import FolioSandbox
import Foundation
import Synchronization

/// Full-text search over `Documents/` and its folders: names, the text of notes, the text
/// shapes of drawings and the cells of table files, in an SQLite FTS5 index kept in
/// `Library/Caches/search.sqlite`.
///
/// The index is a cache, never the truth. ``synchronize()`` brings it up to date with the disk
/// (a new, deleted or missing index is rebuilt from the files; a damaged one is deleted and
/// rebuilt); ``update(_:)`` and ``keepCurrent(onUpdate:)`` apply the changes the kernel reports;
/// and ``search(_:limit:)`` checks every hit against the file before answering — a file gone
/// since it was indexed is dropped, one changed since is indexed again and the query run again —
/// so an answer never names a document that is not there or shows a passage it no longer has.
///
/// ```swift
/// let index = try SearchIndex(container: container)
/// try index.synchronize()
/// let results = try index.search(SearchQuery(parsing: "roses"), limit: 20)
/// for result in results { print(result.path, result.snippet) }
/// ```
///
/// Results are ranked by relevance (BM25, a match in the name weighing more than one in the
/// contents). A query that matches more than a thousand documents (a word in most of them) ranks
/// the documents whose names match, then the thousand indexed most recently: its answer costs
/// what a rarer word's does. An index is safe to share between threads and tasks, and several processes may use
/// one file at once (SQLite's WAL mode: searches run while another indexes).
public final class SearchIndex: Sendable {
    /// The container whose documents are searched.
    public let container: Container
    /// File access in the container.
    let files: Files
    /// The index's database: one writer, readers beside it.
    let pool: DatabasePool
    /// Whether a synchronisation of this index has finished; held while one runs, so that
    /// two never do the same work side by side.
    let synchronized = Mutex(false)

    /// Where the index lives: `Library/Caches/search.sqlite`.
    public static let indexPath = fixedPath("Library/Caches/search.sqlite")
    /// How a match is scored: BM25, a match in the name weighing eight times one in the contents.
    static let weights = (name: 8.0, body: 1.0)
    /// The score as the table's `rank` names it.
    static let rankFunction = "bm25(\(weights.name), \(weights.body))"
    /// The score as a query computes it: called by name, which FTS5 sorts about twice as fast as
    /// `ORDER BY rank` for a word in most documents (3.5–6 against 8–10 ms for 1,000 of them).
    static let score = "bm25(text, \(weights.name), \(weights.body))"

    /// The version of the index's tables; an index of another version is rebuilt.
    static let schemaVersion = 1
    /// The number of results a search answers unless asked for another.
    public static let defaultLimit = 20
    /// The most results a search answers (the command line and the web API refuse more).
    public static let maximumLimit = 1_000
    /// How many files are read before their text goes to the index in one transaction.
    static let batchSize = 256

    /// Opens the index of `container`'s documents, creating it (empty) when there is none, and
    /// deleting and creating it again when it is damaged or of another version of Folio.
    ///
    /// Opening reads no document: call ``synchronize()`` to bring the index up to date.
    /// - Throws: ``SearchError`` `.indexFailed` when `Library/Caches/` cannot hold it.
    public init(container: Container) throws(SearchError) {
        self.container = container
        self.files = Files(container)
        do {
            pool = try SearchIndex.openPool(container)
        } catch let error as DatabaseError where error.code == .corrupt || error.code == .notADatabase {
            // A cache: a damaged one is thrown away and made again from the files.
            try SearchIndex.removeIndexFiles(Files(container))
            pool = try SearchError.translating("open index") { try SearchIndex.openPool(container) }
        } catch {
            throw SearchError.wrapping(error, operation: "open index")
        }
    }

    /// The number of files in the index.
    ///
    /// - Throws: ``SearchError`` `.indexFailed`.
    public func count() throws(SearchError) -> Int {
        try SearchError.translating("count") {
            try pool.read { db in try db.fetchValue(Int.self, "SELECT count(*) FROM entries") ?? 0 }
        }
    }

    /// Opens the pool and makes the tables of ``schemaVersion``.
    private static func openPool(_ container: Container) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.foreignKeys = false
        let pool = try DatabasePool(indexPath, in: container, maximumReaderCount: 2, configuration: configuration)
        try pool.writeWithoutTransaction { db in try prepareSchema(db) }
        return pool
    }

    /// Creates the tables, or drops and creates them when they are of another version.
    private static func prepareSchema(_ db: Database) throws(DatabaseError) {
        let version = try db.fetchValue(Int.self, "PRAGMA user_version") ?? 0
        if version == schemaVersion { return }
        try db.execute(
            """
            DROP TABLE IF EXISTS entries;
            DROP TABLE IF EXISTS text;
            CREATE TABLE entries(
                id INTEGER PRIMARY KEY,
                path TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                size INTEGER NOT NULL,
                modified TEXT NOT NULL,
                version TEXT NOT NULL
            );
            CREATE VIRTUAL TABLE text USING fts5(
                name, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
            );
            INSERT INTO text(text, rank) VALUES ('rank', '\(SearchIndex.rankFunction)');
            PRAGMA user_version = \(schemaVersion);
            """)
    }

    /// Deletes the index's files (the database, its WAL and shared-memory files).
    static func removeIndexFiles(_ files: Files) throws(SearchError) {
        for suffix in ["", "-wal", "-shm"] {
            do {
                let path = try SandboxPath(parsing: indexPath.description + suffix)
                _ = try files.remove(path)
            } catch  where error.code == .notFound {
                continue
            } catch {
                throw SearchError(error, operation: "rebuild index")
            }
        }
    }

    /// A path Folio spells correctly.
    static func fixedPath(_ text: String) -> SandboxPath {
        do {
            return try SandboxPath(parsing: text)
        } catch {
            preconditionFailure("\(text) is a valid container path: \(error)")
        }
    }
}
