import Foundation

/// A table data source over any ``RowSource``: each row becomes a cell whose labels and image
/// come from the columns a ``ColumnMapping`` names, and a section column groups rows into
/// sections titled by its values.
///
/// Without a section column the table has one section counted lazily, so the first screen of a
/// huge file needs only its first rows. With one, every row is read once to group them (the
/// groups keep row numbers, not values). Rows can be deleted in editing mode when the source can
/// be written back; ``keptRows()`` gives what is left, in the source's order.
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
    /// Whether rows can be deleted.
    public var isEditable: Bool

    private var groups: [(value: String, rows: [Int])]?
    private var deleted: [Int] = []
    private var deletedSet: Set<Int> = []

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
    var isInSourceOrder: Bool { groups == nil && deleted.isEmpty }

    /// Whether rows were deleted since the source was read.
    public var hasChanges: Bool { !deleted.isEmpty }

    /// The source's row numbers of the rows not deleted, in the source's order.
    ///
    /// Without sections the numbers are produced as they are read, so keeping a million rows
    /// costs no memory; with sections they are already held.
    public func keptRows() throws(TableError) -> AnySequence<Int> {
        if let groups {
            return AnySequence(groups.flatMap(\.rows).sorted())
        }
        let deletedSet = self.deletedSet
        return AnySequence((0..<(try source.rowCount())).lazy.filter { !deletedSet.contains($0) })
    }

    /// The source's row number of the row at `indexPath`.
    public func sourceRow(at indexPath: IndexPath) throws(TableError) -> Int {
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
        try source.row(at: try sourceRow(at: indexPath))
    }

    public var numberOfSections: Int { groups?.count ?? 1 }

    public func numberOfRows(in section: Int) throws(TableError) -> Int {
        if let groups { return groups[section].rows.count }
        return try source.rowCount() - deleted.count
    }

    public func rowCount(in section: Int, upTo limit: Int) throws(TableError) -> Int {
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
        guard isEditable, editingStyle == .delete else {
            throw TableError(
                .notEditable, operation: editingStyle.rawValue, subject: indexPath.dotted,
                reason: isEditable ? "rows of a file can be deleted, not inserted" : "this table cannot be edited")
        }
        let row = try sourceRow(at: indexPath)
        if groups != nil {
            groups?[indexPath.section].rows.remove(at: indexPath.row)
        }
        let position = deleted.firstIndex { $0 > row } ?? deleted.endIndex
        deleted.insert(row, at: position)
        deletedSet.insert(row)
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
