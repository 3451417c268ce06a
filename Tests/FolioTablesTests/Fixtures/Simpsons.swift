import FolioTables
import Foundation

/// The chapter's examples as data sources.
enum Simpsons {
    static let all = [
        "Homer Jay Simpson", "Marjorie \"Marge\" Simpson", "Bartholomew \"Bart\" J Simpson", "Lisa Marie Simpson",
        "Margaret \"Maggie\" Simpson", "Abraham J Simpson", "Santa’s Little Helper", "Ned Flanders",
        "Apu Nahasapeemapetilon", "Clancy Wiggum", "Charles Montgomery Burns",
    ]
    static let family = Array(all[0..<7])
    static let others = Array(all[7...])
}

/// One section of names; with `imagesByRow`, each row shows the image `<row>.png`.
final class SimpsonsList: TableDataSource {
    var names: [String]
    let imagesByRow: Bool
    let style: CellStyle

    init(_ names: [String] = Simpsons.all, imagesByRow: Bool = false, style: CellStyle = .default) {
        self.names = names
        self.imagesByRow = imagesByRow
        self.style = style
    }

    func numberOfRows(in section: Int) -> Int { names.count }

    func cell(for indexPath: IndexPath, in tableView: TableView) -> TableCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "simpsons", style: style)
        cell.text = names[indexPath.row]
        if imagesByRow {
            cell.image = CellImage(named: "\(indexPath.row).png")
        }
        return cell
    }

    func canEditRow(at indexPath: IndexPath) -> Bool { true }

    func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableError) {
        switch editingStyle {
        case .delete: names.remove(at: indexPath.row)
        case .insert: names.insert("New Simpson", at: indexPath.row)
        }
    }

    func canMoveRow(at indexPath: IndexPath) -> Bool { true }

    func moveRow(at source: IndexPath, to destination: IndexPath) throws(TableError) {
        names.insert(names.remove(at: source.row), at: destination.row)
    }
}

/// Two sections, family and others, with the chapter's headers and footers and images named
/// `<row>-<section>.png`.
final class SimpsonsSections: TableDataSource {
    var sections = [Simpsons.family, Simpsons.others]

    var numberOfSections: Int { sections.count }

    func numberOfRows(in section: Int) -> Int { sections[section].count }

    func cell(for indexPath: IndexPath, in tableView: TableView) -> TableCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "simpsons")
        cell.text = sections[indexPath.section][indexPath.row]
        cell.image = CellImage(named: "\(indexPath.row)-\(indexPath.section).png")
        return cell
    }

    func titleForHeader(in section: Int) -> String? {
        section == 0 ? "The Simpsons Family" : "The Others"
    }

    func titleForFooter(in section: Int) -> String? {
        section == 0 ? "End of Simpsons Family" : "End of The Others"
    }

    func canEditRow(at indexPath: IndexPath) -> Bool { true }

    func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableError) {
        guard editingStyle == .delete else { return }
        sections[indexPath.section].remove(at: indexPath.row)
    }

    func canMoveRow(at indexPath: IndexPath) -> Bool { true }

    func moveRow(at source: IndexPath, to destination: IndexPath) throws(TableError) {
        let name = sections[source.section].remove(at: source.row)
        sections[destination.section].insert(name, at: destination.row)
    }
}

/// `count` rows computed from their index ("Row 17" with detail "17 × 2 = 34"), counted lazily
/// like a file: `rowCount(in:upTo:)` records the largest limit it was asked for.
final class GeneratedRows: TableDataSource {
    let count: Int
    let style: CellStyle
    private(set) var largestCountRequested = 0
    private(set) var fullCounts = 0

    init(count: Int, style: CellStyle = .value1) {
        self.count = count
        self.style = style
    }

    func numberOfRows(in section: Int) -> Int {
        fullCounts += 1
        return count
    }

    func rowCount(in section: Int, upTo limit: Int) -> Int {
        largestCountRequested = max(largestCountRequested, limit)
        return min(count, limit)
    }

    func cell(for indexPath: IndexPath, in tableView: TableView) -> TableCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", style: style)
        cell.text = "Row \(indexPath.row)"
        cell.detail = "\(indexPath.row) × 2 = \(indexPath.row * 2)"
        return cell
    }
}
