import CSQLite
import Glibc

/// What the SQL of one connection may do, decided by SQLite's authorizer while each statement
/// is compiled (`sqlite3_set_authorizer`).
///
/// Every connection refuses what no SQL text should be able to do to the program: calling
/// `load_extension` (loading native code) or `fts3_tokenizer` (which installs a C pointer as a
/// tokenizer), and the pragmas that change every connection of the process
/// (`temp_store_directory`, `data_store_directory`, `soft_heap_limit`, `hard_heap_limit`).
/// A connection inside a container also refuses `ATTACH` (and so `VACUUM INTO`, which attaches
/// its target) of any file its ``ConfinedFileSystem`` would not open, with the reason; an
/// attached name the authorizer cannot see (an expression rather than a string) is left to the
/// confined VFS, unless URI file names could not be turned off for the process.
///
/// On request it also records the kinds of statement that ``Database/prepareReadOnlyQuery(_:)``
/// must refuse although SQLite counts them as read-only (attaching, transactions, pragmas).
final class Authorizer {
    /// One thing a compiled statement does, as the read-only rule looks at it.
    struct Event: Hashable {
        /// The authorizer's action code (`SQLITE_ATTACH`, `SQLITE_PRAGMA`, …).
        var action: Int32
        /// The action's first argument: the attached file, the pragma's name, the transaction verb.
        var name: String?
        /// The pragma's value, when it is given one.
        var value: String?
    }

    /// The confinement of a connection inside a container; nil for one opened by path.
    let confinement: ConfinedFileSystem?
    /// Whether to record events for the read-only rule.
    private var isRecording = false
    private var events: [Event] = []
    /// Why the last statement was refused, for the error SQLite then reports.
    private var refusal: String?

    init(confinement: ConfinedFileSystem?) {
        self.confinement = confinement
    }

    /// Installs the authorizer on `connection`; it must live as long as the connection.
    func install(on connection: OpaquePointer) {
        sqlite3_set_authorizer(
            connection,
            { context, action, first, second, _, _ in
                guard let context else { return SQLITE_OK }
                return Unmanaged<Authorizer>.fromOpaque(context).takeUnretainedValue().decide(action, first, second)
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Runs `body` (which compiles statements) and returns what it returned with the events seen.
    func recording<Value>(_ body: () throws(DatabaseError) -> Value) throws(DatabaseError) -> (Value, [Event]) {
        isRecording = true
        events = []
        defer {
            isRecording = false
            events = []
        }
        let value = try body()
        return (value, events)
    }

    /// Why the last statement was refused, once; nil when none was.
    func takeRefusal() -> String? {
        defer { refusal = nil }
        return refusal
    }

    /// The pragmas whose setting changes every connection of the process.
    private static let processWidePragmas: Set<String> = [
        "temp_store_directory", "data_store_directory", "soft_heap_limit", "hard_heap_limit",
    ]

    private func decide(_ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?) -> Int32 {
        switch action {
        case SQLITE_FUNCTION:
            // The second argument is the function's name.
            guard let second else { return SQLITE_OK }
            if strcmp(second, "load_extension") == 0 || strcmp(second, "fts3_tokenizer") == 0 {
                // SQLite's own message names the function ("not authorized to use function: …").
                return SQLITE_DENY
            }
            return SQLITE_OK
        case SQLITE_PRAGMA:
            guard let first else { return SQLITE_OK }
            let name = String(cString: first).lowercased()
            let value = second.map { String(cString: $0) }
            record(action, name, value)
            if value != nil, Authorizer.processWidePragmas.contains(name) {
                return deny("PRAGMA \(name) would change every database connection of the program and is refused")
            }
            return SQLITE_OK
        case SQLITE_ATTACH:
            let name = first.map { String(cString: $0) }
            record(action, name, nil)
            return decideAttach(name)
        case SQLITE_DETACH, SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
            record(action, first.map { String(cString: $0) }, nil)
            return SQLITE_OK
        default:
            return SQLITE_OK
        }
    }

    private func decideAttach(_ name: String?) -> Int32 {
        guard let confinement else { return SQLITE_OK }
        guard let name else {
            // An expression: its value reaches the confined VFS, which takes it as a container path
            // as long as SQLite takes file names literally.
            if SQLiteLibrary.takesFileNamesLiterally {
                return SQLITE_OK
            }
            return deny("ATTACH needs the database's path as a string here, such as 'Documents/other.db'")
        }
        if name.isEmpty || name == ":memory:" {
            return SQLITE_OK
        }
        switch confinement.resolve(name) {
        case .success:
            return SQLITE_OK
        case .failure:
            return deny(confinement.takeRefusal() ?? "\(name) cannot be opened here")
        }
    }

    private func record(_ action: Int32, _ name: String?, _ value: String?) {
        if isRecording {
            events.append(Event(action: action, name: name, value: value))
        }
    }

    private func deny(_ reason: String) -> Int32 {
        refusal = reason
        return SQLITE_DENY
    }
}
