extension DatabaseError {
    /// An SQLite result code, primary or extended.
    ///
    /// The static members translate SQLite's C names: `SQLITE_CONSTRAINT_UNIQUE` is
    /// ``constraintUnique``, `SQLITE_NOTADB` is ``notADatabase``. An extended code's ``primary``
    /// is its low byte.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The numeric code SQLite uses.
        public let rawValue: Int32

        /// A code from its SQLite number.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// The primary code of an extended one (its low 8 bits).
        public var primary: Code { Code(rawValue: rawValue & 0xFF) }

        /// The name of the code, e.g. `constraintUnique`, or `code 1234` when it has none here.
        public var description: String {
            if let name = Code.names[rawValue] {
                return name
            }
            let primaryName = Code.names[rawValue & 0xFF] ?? "code \(rawValue & 0xFF)"
            return "\(primaryName), extended code \(rawValue)"
        }

        /// A generic error, also SQL errors such as a syntax error or a missing table (`SQLITE_ERROR`).
        public static let error = Code(rawValue: 1)
        /// An internal logic error in SQLite (`SQLITE_INTERNAL`).
        public static let `internal` = Code(rawValue: 2)
        /// Access permission denied (`SQLITE_PERM`).
        public static let permission = Code(rawValue: 3)
        /// An operation was aborted, e.g. by a callback asking to stop (`SQLITE_ABORT`).
        public static let abort = Code(rawValue: 4)
        /// The database file is locked by another connection (`SQLITE_BUSY`).
        public static let busy = Code(rawValue: 5)
        /// A table is locked within this connection (`SQLITE_LOCKED`).
        public static let locked = Code(rawValue: 6)
        /// Out of memory (`SQLITE_NOMEM`).
        public static let noMemory = Code(rawValue: 7)
        /// A write to a read-only database (`SQLITE_READONLY`).
        public static let readOnly = Code(rawValue: 8)
        /// The operation was interrupted (`SQLITE_INTERRUPT`).
        public static let interrupted = Code(rawValue: 9)
        /// A disk I/O error (`SQLITE_IOERR`).
        public static let ioError = Code(rawValue: 10)
        /// The database file is malformed (`SQLITE_CORRUPT`).
        public static let corrupt = Code(rawValue: 11)
        /// Not found (`SQLITE_NOTFOUND`).
        public static let notFound = Code(rawValue: 12)
        /// The disk is full (`SQLITE_FULL`).
        public static let full = Code(rawValue: 13)
        /// The database file cannot be opened (`SQLITE_CANTOPEN`).
        public static let cannotOpen = Code(rawValue: 14)
        /// A locking protocol error (`SQLITE_PROTOCOL`).
        public static let lockingProtocol = Code(rawValue: 15)
        /// The database schema changed (`SQLITE_SCHEMA`).
        public static let schemaChanged = Code(rawValue: 17)
        /// A string or BLOB exceeds the size limit (`SQLITE_TOOBIG`).
        public static let tooBig = Code(rawValue: 18)
        /// A constraint was violated (`SQLITE_CONSTRAINT`).
        public static let constraint = Code(rawValue: 19)
        /// A value has the wrong type (`SQLITE_MISMATCH`); also a column that cannot be decoded as
        /// the type asked for.
        public static let typeMismatch = Code(rawValue: 20)
        /// The library was used incorrectly (`SQLITE_MISUSE`); also a closed connection.
        public static let misuse = Code(rawValue: 21)
        /// Authorization denied (`SQLITE_AUTH`).
        public static let authorization = Code(rawValue: 23)
        /// A parameter or column index is out of range (`SQLITE_RANGE`); also a wrong number of
        /// parameter values or an unknown parameter or column name.
        public static let outOfRange = Code(rawValue: 25)
        /// The file is not a database (`SQLITE_NOTADB`).
        public static let notADatabase = Code(rawValue: 26)

        /// A `CHECK` constraint failed (`SQLITE_CONSTRAINT_CHECK`).
        public static let constraintCheck = Code(rawValue: 275)
        /// A foreign key constraint failed (`SQLITE_CONSTRAINT_FOREIGNKEY`).
        public static let constraintForeignKey = Code(rawValue: 787)
        /// An error raised by an SQL function (`SQLITE_CONSTRAINT_FUNCTION`).
        public static let constraintFunction = Code(rawValue: 1043)
        /// A `NOT NULL` constraint failed (`SQLITE_CONSTRAINT_NOTNULL`).
        public static let constraintNotNull = Code(rawValue: 1299)
        /// A `PRIMARY KEY` constraint failed (`SQLITE_CONSTRAINT_PRIMARYKEY`).
        public static let constraintPrimaryKey = Code(rawValue: 1555)
        /// A `RAISE` in a trigger (`SQLITE_CONSTRAINT_TRIGGER`).
        public static let constraintTrigger = Code(rawValue: 1811)
        /// A `UNIQUE` constraint failed (`SQLITE_CONSTRAINT_UNIQUE`).
        public static let constraintUnique = Code(rawValue: 2067)
        /// A rowid is not unique (`SQLITE_CONSTRAINT_ROWID`).
        public static let constraintRowID = Code(rawValue: 2579)
        /// A value does not fit a `STRICT` table's column type (`SQLITE_CONSTRAINT_DATATYPE`).
        public static let constraintDataType = Code(rawValue: 3091)
        /// The busy timeout expired while recovering a WAL file (`SQLITE_BUSY_RECOVERY`).
        public static let busyRecovery = Code(rawValue: 261)
        /// A read transaction's snapshot is too old to upgrade to a write (`SQLITE_BUSY_SNAPSHOT`).
        public static let busySnapshot = Code(rawValue: 517)
        /// A symbolic link where a database file was expected (`SQLITE_CANTOPEN_SYMLINK`).
        public static let cannotOpenSymbolicLink = Code(rawValue: 1550)
        /// A short read: the file ended early (`SQLITE_IOERR_SHORT_READ`).
        public static let ioErrorShortRead = Code(rawValue: 522)

        private static let names: [Int32: String] = [
            1: "error", 2: "internal", 3: "permission", 4: "abort", 5: "busy", 6: "locked", 7: "noMemory",
            8: "readOnly", 9: "interrupted", 10: "ioError", 11: "corrupt", 12: "notFound", 13: "full",
            14: "cannotOpen", 15: "lockingProtocol", 16: "empty", 17: "schemaChanged", 18: "tooBig",
            19: "constraint", 20: "typeMismatch", 21: "misuse", 22: "noLargeFileSupport", 23: "authorization",
            24: "format", 25: "outOfRange", 26: "notADatabase", 27: "notice", 28: "warning",
            275: "constraintCheck", 531: "constraintCommitHook", 787: "constraintForeignKey",
            1043: "constraintFunction", 1299: "constraintNotNull", 1555: "constraintPrimaryKey",
            1811: "constraintTrigger", 2067: "constraintUnique", 2323: "constraintVirtualTable",
            2579: "constraintRowID", 2835: "constraintPinned", 3091: "constraintDataType",
            261: "busyRecovery", 517: "busySnapshot", 773: "busyTimeout",
            1550: "cannotOpenSymbolicLink", 270: "cannotOpenNoTemporaryDirectory", 526: "cannotOpenIsDirectory",
            782: "cannotOpenFullPath", 1038: "cannotOpenConvertPath",
            264: "readOnlyRecovery", 520: "readOnlyCannotLock", 776: "readOnlyRollback", 1032: "readOnlyDatabaseMoved",
            1288: "readOnlyCannotInitialize", 1544: "readOnlyDirectory",
            266: "ioErrorRead", 522: "ioErrorShortRead", 778: "ioErrorWrite", 1034: "ioErrorFsync",
            1546: "ioErrorTruncate", 3850: "ioErrorLock",
            267: "corruptVirtualTable", 523: "corruptSequence", 779: "corruptIndex",
            262: "lockedSharedCache", 516: "abortRollback",
        ]
    }
}
