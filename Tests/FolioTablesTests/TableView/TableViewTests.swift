import FolioTables
import Foundation
import Testing

@Suite struct TableViewTests {
    @Test func aSimpleTableShowsEveryNameInOneSection() throws {
        let table = TableView(dataSource: SimpsonsList(), style: .plain)
        #expect(try table.numberOfSections() == 1)
        #expect(try table.numberOfRows(inSection: 0) == 11)
        try table.scrollToTop()
        #expect(table.visibleRows().map { $0.cell.text } == Simpsons.all)
        #expect(table.visibleRows().allSatisfy { $0.cell.style == .default && $0.cell.reuseIdentifier == "simpsons" })
    }

    @Test func imagesAreNamedByRow() throws {
        let table = TableView(dataSource: SimpsonsList(imagesByRow: true))
        try table.scrollToTop()
        #expect(table.visibleRows().map { $0.cell.image?.name } == (0..<11).map { "\($0).png" })
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.image?.symbol == CellImage(named: "0.png").symbol)
    }

    @Test func twoSectionsHaveHeadersAndFooters() throws {
        let table = TableView(dataSource: SimpsonsSections())
        var cursor = TableCursor(table)
        var elements: [TableElement] = []
        while let element = try cursor.next() { elements.append(element) }
        #expect(elements.first == .sectionStart(section: 0, header: "The Simpsons Family"))
        #expect(elements[8] == .sectionEnd(section: 0, footer: "End of Simpsons Family"))
        #expect(elements[9] == .sectionStart(section: 1, header: "The Others"))
        #expect(elements.last == .sectionEnd(section: 1, footer: "End of The Others"))
        #expect(elements.count == 2 + 7 + 2 + 4)
        var back: [TableElement] = []
        while let element = try cursor.previous() { back.append(element) }
        #expect(back == elements.reversed())
    }

    @Test func imagesInSectionsAreNamedRowDashSection() throws {
        let table = TableView(dataSource: SimpsonsSections(), windowSize: 20)
        try table.scrollToTop()
        let names = table.visibleRows().map { $0.cell.image?.name ?? "" }
        #expect(names.prefix(2) == ["0-0.png", "1-0.png"])
        #expect(names.suffix(2) == ["2-1.png", "3-1.png"])
    }

    @Test func theWindowCrossesSectionsAndSkipsEmptyOnes() throws {
        let source = SimpsonsSections()
        source.sections = [["a"], [], ["b", "c"]]
        let table = TableView(dataSource: source, windowSize: 2)
        try table.scrollToTop()
        #expect(table.visibleIndexPaths == [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 2)])
        #expect(try table.scrollDown())
        #expect(table.visibleIndexPaths == [IndexPath(row: 1, section: 2)])
        #expect(try !table.scrollDown())
        #expect(try table.row(before: IndexPath(row: 0, section: 2)) == IndexPath(row: 0, section: 0))
    }

    @Test func anEmptyTableHasAnEmptyWindow() throws {
        let table = TableView(dataSource: SimpsonsList([]))
        try table.scrollToTop()
        #expect(table.visibleRange == nil)
        try table.scrollToBottom()
        #expect(table.visibleIndexPaths.isEmpty)
        let error = #expect(throws: TableError.self) { try table.scrollToRow(at: IndexPath(row: 0, section: 0)) }
        #expect(error?.code == .noSuchRow)
    }

    @Test func aMillionRowsMaterialiseOnlyTheirWindow() throws {
        let source = GeneratedRows(count: 1_000_000)
        let table = TableView(dataSource: source, windowSize: 40)
        try table.scrollToTop()
        // The first screen counted no further than it needed.
        #expect(source.fullCounts == 0)
        #expect(source.largestCountRequested < 100)
        for _ in 0..<500 { try table.scrollDown() }
        try table.scrollToBottom()
        let statistics = table.statistics
        #expect(statistics.materializedCells == 40)
        #expect(statistics.visibleCells == 40)
        #expect(statistics.cellRequests == 40 * 502)
        #expect(statistics.reusedCells == statistics.cellRequests - 40)
        #expect(table.visibleRange == IndexPath(row: 999_960, section: 0)...IndexPath(row: 999_999, section: 0))
        #expect(table.visibleRows().last?.cell.text == "Row 999999")
    }

    @Test func materialisedCellsDoNotGrowWithTheRowCount() throws {
        var counts: [Int] = []
        for rows in [10_000, 1_000_000] {
            let table = TableView(dataSource: GeneratedRows(count: rows), windowSize: 25)
            try table.scrollToTop()
            for _ in 0..<50 { try table.scrollDown() }
            try table.scrollToRow(at: IndexPath(row: rows / 2, section: 0))
            try table.scrollToBottom()
            counts.append(table.statistics.materializedCells)
        }
        #expect(counts == [25, 25])
    }

    @Test func rowsThatStayVisibleKeepTheirCells() throws {
        let table = TableView(dataSource: GeneratedRows(count: 100), windowSize: 10)
        try table.scrollToRow(at: IndexPath(row: 0, section: 0))
        let kept = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
        try table.scrollToRow(at: IndexPath(row: 5, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0)) === kept)
        #expect(table.statistics.cellRequests == 15)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
    }

    @Test func aReusedCellIsClearedBeforeItsNextRow() throws {
        let table = TableView(dataSource: SimpsonsList(imagesByRow: true), windowSize: 1)
        try table.scrollToTop()
        table.cellForRow(at: IndexPath(row: 0, section: 0))?.detail = "left over"
        try table.scrollDown()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(cell.text == Simpsons.all[1])
        #expect(cell.detail == nil)
        #expect(table.statistics.materializedCells == 1)
    }
}
