/// A row of an edited table as it is written back: a row of the source, copied as it was, or a
/// row inserted with its values.
///
/// ``RowsDataSource/editedRows()`` lists them in the table's order; ``CSVFile`` and ``JSONRows``
/// write them, so the rows nobody touched keep their exact bytes.
public enum EditedRow: Hashable, Sendable {
    /// The source's row with this number (from 0).
    case source(Int)
    /// A new row with one value per column.
    case inserted([String])
}
