import FolioRendering
import FolioTables
import FolioTestSupport
import Foundation
import Testing

@Suite struct TableRendererTests {
    /// Two sections of characters with headers and footers, in the subtitle and value1 styles.
    final class Characters: TableDataSource {
        let sections: [(header: String, footer: String, rows: [(String, String)], style: CellStyle)] = [
            (
                "Simpsons", "4 Simpsons",
                [
                    ("Homer", "Father"), ("Marge", "Mother"), ("Bart", "Son"), ("Lisa", "Daughter"),
                ], .subtitle
            ),
            ("Neighbours", "2 Flanders", [("Ned", "Neighbour"), ("Maude", "Neighbour")], .value1),
        ]
        var numberOfSections: Int { sections.count }
        func numberOfRows(in section: Int) -> Int { sections[section].rows.count }
        func titleForHeader(in section: Int) -> String? { sections[section].header }
        func titleForFooter(in section: Int) -> String? { sections[section].footer }
        func cell(for indexPath: IndexPath, in tableView: TableView) -> TableCell {
            let section = sections[indexPath.section]
            let cell = tableView.dequeueReusableCell(withIdentifier: section.style.rawValue, style: section.style)
            cell.text = section.rows[indexPath.row].0
            cell.detail = section.rows[indexPath.row].1
            return cell
        }
    }

    /// Many rows, counted, never held.
    final class Numbers: TableDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func numberOfRows(in section: Int) -> Int { count }
        func cell(for indexPath: IndexPath, in tableView: TableView) -> TableCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "number")
            cell.text = "Row \(indexPath.row + 1)"
            return cell
        }
    }

    static func write(_ data: Data, in directory: TemporaryDirectory) throws -> String {
        let path = directory.appending("table.pdf")
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func sectionsHeadersRowsAndFootersAreTheTextInOrder() throws {
        let directory = TemporaryDirectory()
        let table = TableView(dataSource: Characters(), style: .grouped)
        let path = try Self.write(TableRenderer().pdf(table, title: "Characters"), in: directory)
        let info = try Poppler.info(path)
        #expect(info["Pages"] == "1")
        #expect(info["Title"] == "Characters")
        let words = try Poppler.text(path).split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(
            words == [
                "Simpsons", "Homer", "Father", "Marge", "Mother", "Bart", "Son", "Lisa", "Daughter", "4", "Simpsons",
                "Neighbours", "Ned", "Neighbour", "Maude", "Neighbour", "2", "Flanders",
            ], "\(words)")
    }

    @Test func aLongTableRunsOverPagesWithItsCellsReused() throws {
        let directory = TemporaryDirectory()
        let table = TableView(dataSource: Numbers(count: 3000))
        let path = try Self.write(TableRenderer(pageSize: .letter).pdf(table), in: directory)
        let pages = try #require(Int(try Poppler.info(path)["Pages"] ?? ""))
        #expect(pages > 50)
        #expect(try Poppler.text(path, first: 1, last: 1).contains("Row 1\n"))
        #expect(try Poppler.text(path, first: pages, last: pages).contains("Row 3000"))
        // One batch of cells at a time, not one cell per row.
        #expect(table.statistics.materializedCells <= 2 * 200, "\(table.statistics)")
    }

    @Test func aFailingDataSourceIsARenderingErrorKeepingItsCode() throws {
        final class Failing: TableDataSource {
            func numberOfRows(in section: Int) throws(TableError) -> Int {
                throw TableError(.malformedCSV, operation: "read", subject: "rows.csv", reason: "line 3 is damaged")
            }
            func cell(for indexPath: IndexPath, in tableView: TableView) -> TableCell { TableCell() }
        }
        let error = #expect(throws: RenderingError.self) {
            try TableRenderer().pdf(TableView(dataSource: Failing()))
        }
        #expect(error?.code.rawValue == TableError.Code.malformedCSV.rawValue)
        #expect(error?.underlying is TableError)
    }
}
