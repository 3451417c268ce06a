import FolioDatabase
import FolioSandbox

/// `folio db`: run SQL on a database in the container and list its tables.
enum DatabaseCommand {
    static let command = Command(
        group: "db",
        summary: "run SQL on an SQLite database in the Home and list its tables",
        subcommands: [DatabaseExecCommand.command, DatabaseTablesCommand.command],
        discussion: """
            DB is a path in the Home, such as Library/Database/financial.db (the sample provisioned on
            first use). The bundle's Folio.app/financial.db opens read-only.
            """)

    /// Opens the database at the container path `argument`.
    ///
    /// A database in the bundle is always opened read-only.
    static func open(_ argument: String, mode: OpenMode, context: CommandContext) throws -> Database {
        let container = try context.container()
        let path = try SandboxPath(parsing: argument)
        return try Database(path, in: container, mode: path.area.isWritable ? mode : .readOnly)
    }
}
