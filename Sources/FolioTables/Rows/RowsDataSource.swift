import Foundation

/// A table data source over any ``RowSource``: each row becomes a cell whose labels and image
/// come from the columns a ``ColumnMapping`` names, and a section column groups rows into
/// sections titled by its values.
///
/// Without a section column the table has one section counted lazily, so the first screen of a
/// huge file needs only its first rows. With one, every row is read once to group them (the
/// groups keep row numbers, not values).
///
/// In editing mode, when the source can be written back, rows can be deleted, inserted and moved;
/// ``editedRows()`` gives the rows in their new order for writing. Deleting alone keeps the table
/// lazy (only the deleted row numbers are held). The first insertion or move lists every row's
/// number once (8 bytes a row), so the table's order can be anything. A table in sections deletes
/// rows but does not insert or move them: its order is its section column's.
///
/// ```swift
/// let data = try RowsDataSource(source: csv, mapping: ColumnMapping(text: 0), isEditable: true)
/// let table = TableView(dataSource: data)
/// table.setEditing(true)
/// try data.stageInsertion(["Maggie Simpson", "Baby"])
/// try table.commit(.insert, forRowAt: IndexPath(row: 0, section: 0))
/// try table.commitMove(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
/// ```
///
/// Titles: `headers` and `footers` give one title per section in order; a single title holding
/// `{section}` is used for every section with the section's value in its place. Without
/// `headers`, a section is titled by its value.
public final class RowsDataSource: TableDataSource {
    /// Where the rows come from.
    public let source: any RowSource
    /// Which columns fill the cells.
    public let mapping: ColumnMapping
    /// Section headers (see the type's discussion).
    public var headers: [String]
    /// Section footers (see the type's discussion).
    public var footers: [String]
    /// Whether rows can be deleted, inserted and moved.
    public var isEditable: Bool

    private var groups: [(value: String, rows: [Int])]?
    private var deleted: [Int] = []
    private var deletedSet: Set<Int> = []
    /// Every row in the table's order, once a row was inserted or moved; nil before.
    private var order: [EditedRow]?
    /// The values of the next inserted row (``stageInsertion(_:)``).
    private var staged: [String]?

    /// A data source showing `source` through `mapping`.
    ///
    /// - Throws: what the source throws while reading every row to group them into sections.
    public init(
        source: any RowSource, mapping: ColumnMapping, headers: [String] = [], footers: [String] = [],
        isEditable: Bool = false
    ) throws(TableError) {
        self.source = source
        self.mapping = mapping
        self.headers = headers
        self.footers = footers
        self.isEditable = isEditable
        if let column = mapping.sections {
            var order: [String: Int] = [:]
            var groups: [(value: String, rows: [Int])] = []
            let count = try source.rowCount()
            for index in 0..<count {
                let values = try source.row(at: index)
                let value = column < values.count ? values[column] : ""
                if let position = order[value] {
                    groups[position].rows.append(index)
                } else {
                    order[value] = groups.count
                    groups.append((value, [index]))
                }
            }
            self.groups = groups
        }
    }

    /// Whether the table's rows are the source's rows in order: no sections regroup them and none
    /// was deleted, so a renderer may stream the source instead of asking for cells.
    var isInSourceOrder: Bool { groups == nil && deleted.isEmpty && order == nil }

    /// Whether rows were deleted, inserted or moved since the source was read.
    public var hasChanges: Bool { !deleted.isEmpty || order != nil }

    /// The rows in the table's order, as they are written back: source rows by number, inserted
    /// rows with their values.
    ///
    /// Before any insertion or move the numbers are produced as they are read (deleting rows of a
    /// million keeps no list); with sections, rows are in the source's order.
    public func editedRows() throws(TableError) -> AnySequence<EditedRow> {
        if let order { return AnySequence(order) }
        return AnySequence(try keptRows().lazy.map { EditedRow.source($0) })
    }

    /// The source's row numbers of the rows not deleted, in the source's order.
    ///
    /// Without sections the numbers are produced as they are read, so keeping a million rows
    /// costs no memory; with sections they are already held.
    public func keptRows() throws(TableError) -> AnySequence<Int> {
        if let order {
            return AnySequence(
                order.lazy.compactMap { row -> Int? in
                    if case .source(let number) = row { return number }
                    return nil
                }.sorted())
        }
        if let groups {
            return AnySequence(groups.flatMap(\.rows).sorted())
        }
        let deletedSet = self.deletedSet
        return AnySequence((0..<(try source.rowCount())).lazy.filter { !deletedSet.contains($0) })
    }

    /// The source's row number of the row at `indexPath`, or nil for a row inserted since.
    public func sourceRow(at indexPath: IndexPath) throws(TableError) -> Int? {
        if let order {
            guard indexPath.section == 0, order.indices.contains(indexPath.row) else {
                throw TableError(
                    .noSuchRow, operation: "find row", subject: indexPath.dotted, reason: "there is no such row")
            }
            if case .source(let number) = order[indexPath.row] { return number }
            return nil
        }
        return try sourceRowInSourceOrder(at: indexPath)
    }

    private func sourceRowInSourceOrder(at indexPath: IndexPath) throws(TableError) -> Int {
        if let groups {
            guard indexPath.section < groups.count, indexPath.row < groups[indexPath.section].rows.count else {
                throw TableError(
                    .noSuchRow, operation: "find row", subject: indexPath.dotted, reason: "there is no such row")
            }
            return groups[indexPath.section].rows[indexPath.row]
        }
        // The least k with k = row + (deleted rows ≤ k) is the row-th row not deleted.
        var candidate = indexPath.row
        while true {
            let next = indexPath.row + deletedCount(upTo: candidate)
            if next == candidate { return candidate }
            candidate = next
        }
    }

    /// The values of the row at `indexPath`, one per column.
    public func values(at indexPath: IndexPath) throws(TableError) -> [String] {
        if let order {
            guard indexPath.section == 0, order.indices.contains(indexPath.row) else {
                throw TableError(
                    .noSuchRow, operation: "find row", subject: indexPath.dotted, reason: "there is no such row")
            }
            switch order[indexPath.row] {
            case .source(let number): return try source.row(at: number)
            case .inserted(let values): return values
            }
        }
        return try source.row(at: try sourceRowInSourceOrder(at: indexPath))
    }

    /// Gives the values of the row the next ``EditingStyle/insert`` commit adds: one per column,
    /// in the columns' order.
    ///
    /// - Throws: ``TableError`` `.notEditable` for a table that cannot be edited or is in
    ///   sections; `.invalidValues` when the number of values is not the number of columns. Nothing
    ///   is staged then.
    public func stageInsertion(_ values: [String]) throws(TableError) {
        try requireReorderable(operation: "insert")
        let columns = source.columns
        guard values.count == columns.count else {
            throw TableError(
                .invalidValues, operation: "insert", subject: "the new row",
                reason: "the table has \(columns.count) column\(columns.count == 1 ? "" : "s") "
                    + "(\(columns.joined(separator: ", "))), but \(values.count) value\(values.count == 1 ? " was" : "s were") given"
            )
        }
        staged = values
    }

    public var numberOfSections: Int { groups?.count ?? 1 }

    public func numberOfRows(in section: Int) throws(TableError) -> Int {
        if let order { return order.count }
        if let groups { return groups[section].rows.count }
        return try source.rowCount() - deleted.count
    }

    public func rowCount(in section: Int, upTo limit: Int) throws(TableError) -> Int {
        if let order { return min(order.count, limit) }
        if let groups { return min(groups[section].rows.count, limit) }
        let (sum, overflow) = limit.addingReportingOverflow(deleted.count)
        return max(0, try source.rowCount(upTo: overflow ? Int.max : sum) - deleted.count)
    }

    public func cell(for indexPath: IndexPath, in tableView: TableView) throws(TableError) -> TableCell {
        let values = try self.values(at: indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", style: mapping.style)
        func value(_ column: Int?) -> String? {
            guard let column, column < values.count else { return nil }
            return values[column]
        }
        cell.text = value(mapping.text)
        cell.detail = value(mapping.detail)
        if let name = value(mapping.image), !name.isEmpty {
            cell.image = CellImage(named: name)
        }
        return cell
    }

    public func titleForHeader(in section: Int) -> String? {
        let value = groups?[section].value ?? ""
        return title(from: headers, section: section, value: value) ?? groups.map { _ in value }
    }

    public func titleForFooter(in section: Int) -> String? {
        title(from: footers, section: section, value: groups?[section].value ?? "")
    }

    public func canEditRow(at indexPath: IndexPath) -> Bool { isEditable }

    public func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableError) {
        guard isEditable else {
            throw TableError(
                .notEditable, operation: editingStyle.rawValue, subject: indexPath.dotted,
                reason: "this table cannot be edited")
        }
        if editingStyle == .insert {
            try requireReorderable(operation: "insert")
            guard let values = staged else {
                throw TableError(
                    .invalidValues, operation: "insert", subject: indexPath.dotted,
                    reason: "no values were given for the new row")
            }
            var rows = try materializedOrder()
            guard indexPath.section == 0, indexPath.row <= rows.count else {
                throw TableError(
                    .noSuchRow, operation: "insert", subject: indexPath.dotted,
                    reason: "a row can be inserted only within the table or just after its last row")
            }
            rows.insert(.inserted(values), at: indexPath.row)
            order = rows
            staged = nil
            return
        }
        if var rows = order {
            guard indexPath.section == 0, rows.indices.contains(indexPath.row) else {
                throw TableError(
                    .noSuchRow, operation: "delete", subject: indexPath.dotted, reason: "there is no such row")
            }
            rows.remove(at: indexPath.row)
            order = rows
            return
        }
        let row = try sourceRowInSourceOrder(at: indexPath)
        if groups != nil {
            groups?[indexPath.section].rows.remove(at: indexPath.row)
        }
        let position = deleted.firstIndex { $0 > row } ?? deleted.endIndex
        deleted.insert(row, at: position)
        deletedSet.insert(row)
    }

    public func canMoveRow(at indexPath: IndexPath) -> Bool { isEditable && groups == nil }

    public func moveRow(at source: IndexPath, to destination: IndexPath) throws(TableError) {
        try requireReorderable(operation: "move")
        var rows = try materializedOrder()
        guard source.section == 0, destination.section == 0, rows.indices.contains(source.row),
            destination.row < rows.count
        else {
            throw TableError(
                .noSuchRow, operation: "move", subject: "\(source.dotted) to \(destination.dotted)",
                reason: "both must be rows of the table")
        }
        let row = rows.remove(at: source.row)
        rows.insert(row, at: destination.row)
        order = rows
    }

    private func requireReorderable(operation: String) throws(TableError) {
        guard isEditable else {
            throw TableError(
                .notEditable, operation: operation, subject: "the table", reason: "this table cannot be edited")
        }
        guard groups == nil else {
            throw TableError(
                .notEditable, operation: operation, subject: "the table",
                reason:
                    "a table in sections is ordered by its section column: rows can be deleted, not inserted or moved")
        }
    }

    /// Every row's place, listed once so rows can be inserted and moved anywhere.
    private func materializedOrder() throws(TableError) -> [EditedRow] {
        if let order { return order }
        return Array(try editedRows())
    }

    private func deletedCount(upTo row: Int) -> Int {
        var low = 0
        var high = deleted.count
        while low < high {
            let middle = (low + high) / 2
            if deleted[middle] <= row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func title(from titles: [String], section: Int, value: String) -> String? {
        let template: String
        if section < titles.count {
            template = titles[section]
        } else if titles.count == 1, titles[0].contains("{section}") {
            template = titles[0]
        } else {
            return nil
        }
        return template.replacingOccurrences(of: "{section}", with: value)
    }
}
