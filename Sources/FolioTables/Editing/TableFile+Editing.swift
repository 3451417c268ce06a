import FolioFiles
import FolioSandbox
import Foundation

/// One edit of a table file, saved at once: what `folio table edit --delete|--insert|--move` and
/// the web app's Data page do. Each opens the file, makes the change through a ``TableEditor``
/// (the same rules as an editing session), and writes the file back atomically over the version
/// that was read; given the version the caller saw, a file changed since is a conflict before
/// anything is touched.
///
/// ```swift
/// let file = try TableFile(path, in: files, options: options)
/// try file.require(version: seen)            // .conflict if someone changed it
/// let report = try file.insert(["Maggie", "Baby"], at: IndexPath(row: 3, section: 0))
/// ```
extension TableFile {
    /// Throws unless the file is still at `expected`, the version a caller's view of it was read at.
    ///
    /// - Throws: ``FolioSandbox/FileError`` `.conflict` naming both versions.
    public func require(version expected: FileVersion) throws(FileError) {
        guard version == expected else {
            throw FileError(
                .conflict, operation: "edit", subject: path.description,
                reason: "the file changed since it was read (it is at version \(version), not \(expected))")
        }
    }

    /// Deletes the rows at `paths` (as they are now) and saves the file.
    ///
    /// - Throws: ``TableError`` `.noSuchRow` before anything changes when a path names no row,
    ///   `.notEditable` for a format that cannot be written; what ``save()`` throws.
    public func delete(_ paths: [IndexPath]) throws -> TableEditReport {
        let editor = try makeEditor(operation: "delete")
        let deleted = try editor.delete(paths)
        try save()
        return try report(
            editor, deleted: deleted.map { TableEditReport.Row(indexPath: $0.path.dotted, label: $0.label) })
    }

    /// Inserts a row with `values` (one per column) at `path` and saves the file. In a table in
    /// sections, the row takes its section's value in the section column.
    ///
    /// - Throws: ``TableError`` `.invalidValues`, `.noSuchRow`, `.notEditable`; what ``save()``
    ///   throws. Nothing is written when the edit is refused.
    public func insert(_ values: [String], at path: IndexPath) throws -> TableEditReport {
        let editor = try makeEditor(operation: "insert")
        let label = try editor.insert(values, at: path)
        try save()
        return try report(editor, inserted: TableEditReport.Row(indexPath: path.dotted, label: label))
    }

    /// Moves the row at `source` to `destination` (its index path afterwards) and saves the file.
    ///
    /// - Throws: ``TableError`` `.noSuchRow`, `.notEditable`; what ``save()`` throws.
    public func move(from source: IndexPath, to destination: IndexPath) throws -> TableEditReport {
        let editor = try makeEditor(operation: "move")
        let label = try editor.move(from: source, to: destination)
        try save()
        return try report(editor, moved: TableEditReport.Row(indexPath: destination.dotted, label: label))
    }

    /// An editor over the file's table, for a format that can be written.
    public func makeEditor(operation: String) throws(TableError) -> TableEditor {
        guard document.format.isWritable else {
            throw TableError(
                .notEditable, operation: operation, subject: path.description,
                reason: "\(document.format) tables cannot be edited")
        }
        return TableEditor(table: TableView(dataSource: document.dataSource))
    }

    private func report(
        _ editor: TableEditor, deleted: [TableEditReport.Row]? = nil, inserted: TableEditReport.Row? = nil,
        moved: TableEditReport.Row? = nil
    ) throws(TableError) -> TableEditReport {
        editor.didSave()
        return TableEditReport(
            path: path.description, deleted: deleted, inserted: inserted, moved: moved,
            rows: try editor.table.numberOfRows(), version: version.description)
    }
}
