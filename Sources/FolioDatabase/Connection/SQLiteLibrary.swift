import CSQLite

/// The settings FolioDatabase makes once for the whole process, before SQLite's first use.
enum SQLiteLibrary {
    /// Whether SQLite takes every file name literally in every connection of the process.
    ///
    /// Debian builds SQLite with URI file names on by default (`SQLITE_USE_URI`): `ATTACH` and
    /// `VACUUM INTO` would then accept `file:/anywhere.db?vfs=unix`, which names SQLite's plain
    /// unix VFS and so goes around the confinement of a container's databases. This turns URI
    /// processing off (`sqlite3_config(SQLITE_CONFIG_URI, 0)`), which SQLite allows only before it
    /// is initialized; FolioDatabase is the only user of SQLite in the process, and every path to
    /// a connection comes through here first. When it could not be turned off (another library
    /// initialized SQLite earlier), connections in a container refuse every `ATTACH` whose file
    /// name is not written as a string, so that a computed `file:` URI cannot reach SQLite.
    static let takesFileNamesLiterally: Bool = folio_sqlite3_config_uri(0) == SQLITE_OK

    /// Makes the process-wide settings, once; call before any SQLite function that initializes it.
    static func prepare() {
        _ = takesFileNamesLiterally
    }
}
