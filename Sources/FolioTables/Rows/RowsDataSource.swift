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
/// number once (8 bytes a row), so the table's order can be anything.
///
/// A table in sections is ordered by its section column: a row inserted in a section takes that
/// section's value in the section column, and a row moved to another section takes the new
/// section's value (its other values are kept). In the file, a row inserted or moved goes just
/// before the row it is placed before in its section, or just after the section's last row, so
/// every other row keeps its place and its bytes.
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

    /// The sections, in order of first appearance, each with its rows: source row numbers until a
    /// row is inserted or moved, indices into ``order`` after (see ``regroup()``). A section
    /// whose rows were all deleted or moved away stays, empty.
    private var groups: [(value: String, rows: [Int])]?
    /// The section of each source row (an index into ``groups``), when there are sections.
    private var sectionOfSource: [Int32] = []
    /// The section of each section value.
    private var sectionOfValue: [String: Int] = [:]
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
            var sections: [Int32] = []
            sections.reserveCapacity(count)
            for index in 0..<count {
                let values = try source.row(at: index)
                let value = column < values.count ? values[column] : ""
                if let position = order[value] {
                    groups[position].rows.append(index)
                    sections.append(Int32(position))
                } else {
                    order[value] = groups.count
                    sections.append(Int32(groups.count))
                    groups.append((value, [index]))
                }
            }
            self.groups = groups
            sectionOfSource = sections
            sectionOfValue = order
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
            if case .source(let number) = order[try orderIndex(at: indexPath, operation: "find row")] {
                return number
            }
            return nil
        }
        return try sourceRowInSourceOrder(at: indexPath)
    }

    /// The place in ``order`` of the row at `indexPath`, once rows were inserted or moved.
    private func orderIndex(at indexPath: IndexPath, operation: String) throws(TableError) -> Int {
        let count = order?.count ?? 0
        if let groups {
            if indexPath.section < groups.count, groups[indexPath.section].rows.indices.contains(indexPath.row) {
                return groups[indexPath.section].rows[indexPath.row]
            }
        } else if indexPath.section == 0, (0..<count).contains(indexPath.row) {
            return indexPath.row
        }
        throw TableError(.noSuchRow, operation: operation, subject: indexPath.dotted, reason: "there is no such row")
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
            return try values(of: order[try orderIndex(at: indexPath, operation: "find row")])
        }
        return try source.row(at: try sourceRowInSourceOrder(at: indexPath))
    }

    private func values(of row: EditedRow) throws(TableError) -> [String] {
        switch row {
        case .source(let number): try source.row(at: number)
        case .inserted(let values): values
        }
    }

    /// Gives the values of the row the next ``EditingStyle/insert`` commit adds: one per column,
    /// in the columns' order.
    ///
    /// - Throws: ``TableError`` `.notEditable` for a table that cannot be edited; `.invalidValues`
    ///   when the number of values is not the number of columns. Nothing is staged then.
    public func stageInsertion(_ values: [String]) throws(TableError) {
        try requireEditable(operation: "insert")
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
        if let groups { return groups[section].rows.count }
        if let order { return order.count }
        return try source.rowCount() - deleted.count
    }

    public func rowCount(in section: Int, upTo limit: Int) throws(TableError) -> Int {
        if let groups { return min(groups[section].rows.count, limit) }
        if let order { return min(order.count, limit) }
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
            guard var values = staged else {
                throw TableError(
                    .invalidValues, operation: "insert", subject: indexPath.dotted,
                    reason: "no values were given for the new row")
            }
            var rows = try materializedOrder()
            let place: Int
            if let groups {
                guard indexPath.section < groups.count, indexPath.row <= groups[indexPath.section].rows.count else {
                    throw TableError(
                        .noSuchRow, operation: "insert", subject: indexPath.dotted,
                        reason: "a row can be inserted only within a section or just after its last row")
                }
                if let column = mapping.sections, column < values.count {
                    values[column] = groups[indexPath.section].value
                }
                place = position(before: indexPath, in: groups, count: rows.count)
            } else {
                guard indexPath.section == 0, indexPath.row <= rows.count else {
                    throw TableError(
                        .noSuchRow, operation: "insert", subject: indexPath.dotted,
                        reason: "a row can be inserted only within the table or just after its last row")
                }
                place = indexPath.row
            }
            rows.insert(.inserted(values), at: place)
            reorder(rows)
            staged = nil
            return
        }
        if var rows = order {
            rows.remove(at: try orderIndex(at: indexPath, operation: "delete"))
            reorder(rows)
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

    public func canMoveRow(at indexPath: IndexPath) -> Bool { isEditable }

    public func moveRow(at source: IndexPath, to destination: IndexPath) throws(TableError) {
        try requireEditable(operation: "move")
        var rows = try materializedOrder()
        let subject = "\(source.dotted) to \(destination.dotted)"
        let from = try orderIndex(at: source, operation: "move")
        guard let groups else {
            guard destination.section == 0, destination.row < rows.count else {
                throw TableError(
                    .noSuchRow, operation: "move", subject: subject, reason: "both must be rows of the table")
            }
            let row = rows.remove(at: from)
            rows.insert(row, at: destination.row)
            reorder(rows)
            return
        }
        let limit = destination.section < groups.count ? groups[destination.section].rows.count : -1
        guard destination.row <= limit - (source.section == destination.section ? 1 : 0) else {
            throw TableError(
                .noSuchRow, operation: "move", subject: subject,
                reason: "a row moves within a section or to just after a section's last row")
        }
        var row = rows.remove(at: from)
        if source.section != destination.section, let column = mapping.sections {
            // Another section: the row takes that section's value, and is written with it.
            var values = try values(of: row)
            if column < values.count { values[column] = groups[destination.section].value }
            row = .inserted(values)
        }
        reorder(rows)
        rows.insert(row, at: position(before: destination, in: self.groups ?? [], count: rows.count))
        reorder(rows)
    }

    /// Where in the file's order a row placed at `indexPath` goes: just before the row now there,
    /// or just after its section's last row (at the end for an empty section).
    private func position(before indexPath: IndexPath, in groups: [(value: String, rows: [Int])], count: Int) -> Int {
        let rows = groups[indexPath.section].rows
        if indexPath.row < rows.count { return rows[indexPath.row] }
        return rows.last.map { $0 + 1 } ?? count
    }

    /// Makes `rows` the table's order, and sorts them into their sections again.
    private func reorder(_ rows: [EditedRow]) {
        order = rows
        guard var groups else { return }
        for section in groups.indices { groups[section].rows.removeAll(keepingCapacity: true) }
        for (index, row) in rows.enumerated() {
            groups[section(of: row)].rows.append(index)
        }
        self.groups = groups
    }

    /// The section of a row of the table's order.
    private func section(of row: EditedRow) -> Int {
        switch row {
        case .source(let number):
            return Int(sectionOfSource[number])
        case .inserted(let values):
            let value = mapping.sections.flatMap { $0 < values.count ? values[$0] : nil } ?? ""
            return sectionOfValue[value] ?? 0
        }
    }

    private func requireEditable(operation: String) throws(TableError) {
        guard isEditable else {
            throw TableError(
                .notEditable, operation: operation, subject: "the table", reason: "this table cannot be edited")
        }
    }

    /// Every row's place, listed once so rows can be inserted and moved anywhere.
    private func materializedOrder() throws(TableError) -> [EditedRow] {
        if let order { return order }
        let rows = Array(try editedRows())
        reorder(rows)
        return rows
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
