import FolioTables
import Foundation
import Testing

@Suite struct TerminalRendererTests {
    let plain = TerminalRenderer(width: 40, height: 10)

    @Test func aSimpleTableIsOneNamePerLine() throws {
        let text = try plain.string(of: TableView(dataSource: SimpsonsList()))
        #expect(text == Simpsons.all.joined(separator: "\n") + "\n")
    }

    @Test func imagesShowAsTheirSymbols() throws {
        let text = try plain.string(of: TableView(dataSource: SimpsonsList(imagesByRow: true)))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == CellImage(named: "0.png").symbol + " Homer Jay Simpson")
        #expect(lines[10] == CellImage(named: "10.png").symbol + " Charles Montgomery Burns")
    }

    @Test func sectionsHaveHeadersAndFooters() throws {
        let lines = try plain.string(of: TableView(dataSource: SimpsonsSections())).split(separator: "\n")
        #expect(lines.count == 1 + 7 + 1 + 1 + 4 + 1)
        #expect(lines[0] == "The Simpsons Family " + String(repeating: "─", count: 20))
        #expect(lines[1].hasSuffix(" Homer Jay Simpson"))
        #expect(lines[8] == "  End of Simpsons Family")
        #expect(lines[9].hasPrefix("The Others ─"))
        #expect(lines[14] == "  End of The Others")
    }

    @Test func groupedSectionsAreBoxes() throws {
        let renderer = TerminalRenderer(width: 30, height: 10)
        let lines = try renderer.string(of: TableView(dataSource: SimpsonsSections(), style: .grouped))
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "The Simpsons Family")
        #expect(lines[1] == "╭" + String(repeating: "─", count: 28) + "╮")
        #expect(lines[2].hasPrefix("│ ") && lines[2].hasSuffix(" │"))
        #expect(lines.allSatisfy { TerminalText.width(of: String($0)) <= 30 })
        #expect(lines.contains("  End of The Others"))
    }

    @Test func theFourStylesAreLaidOutAsATableViewDoes() {
        let renderer = TerminalRenderer(width: 30, height: 10)
        let image = CellImage(named: "0.png", symbol: "●")
        func lines(_ style: CellStyle) -> [String] {
            renderer.rowLines(CellContent(style: style, text: "Homer", detail: "Father", image: image))
        }
        #expect(lines(.default) == ["● Homer"])
        #expect(lines(.subtitle) == ["● Homer", "  Father"])
        #expect(lines(.value1) == ["● Homer" + String(repeating: " ", count: 17) + "Father"])
        #expect(lines(.value2) == ["●   Homer Father"])
        #expect(lines(.value1).allSatisfy { TerminalText.width(of: $0) == 30 })
    }

    @Test func longTextIsCutToTheScreenWidth() {
        let renderer = TerminalRenderer(width: 20, height: 10)
        let long = String(repeating: "Simpson ", count: 50)
        let rtl = String(repeating: "שלום עולם ", count: 40)
        for style in CellStyle.allCases {
            for text in [long, rtl] {
                let lines = renderer.rowLines(CellContent(style: style, text: text, detail: text))
                #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 20 }, "\(style)")
                #expect(lines[0].hasSuffix("…"), "\(style)")
            }
        }
    }

    @Test func hostileTextCannotEscapeItsCell() throws {
        let source = SimpsonsList(["\u{1B}[2J\u{1B}[31mevil", "<script>alert(1)</script>", "a\nb"])
        let text = try plain.string(of: TableView(dataSource: source))
        #expect(!text.contains("\u{1B}"))
        #expect(text == "␛[2J␛[31mevil\n<script>alert(1)</script>\na␊b\n")
    }

    @Test func colourOnlyWhenAsked() throws {
        let source = SimpsonsSections()
        let colour = TerminalRenderer(width: 40, height: 10, usesColor: true)
        #expect(try colour.string(of: TableView(dataSource: source)).contains("\u{1B}[1mThe Simpsons Family\u{1B}[0m"))
        #expect(!(try plain.string(of: TableView(dataSource: source)).contains("\u{1B}")))
    }

    @Test func editingModeMarksDeletableRows() throws {
        let table = TableView(dataSource: SimpsonsList(Array(Simpsons.all.prefix(2))))
        table.setEditing(true)
        #expect(try plain.string(of: table) == "⊖ Homer Jay Simpson\n⊖ Marjorie \"Marge\" Simpson\n")
    }

    @Test func deletingARowInEditingModeRemovesItFromTheScreen() throws {
        let source = SimpsonsSections()
        let table = TableView(dataSource: source)
        table.setEditing(true)
        try table.commit(.delete, forRowAt: IndexPath(row: 0, section: 1))
        let text = try plain.string(of: table)
        #expect(!text.contains("Ned Flanders"))
        #expect(text.contains("⊖ ⬟ Apu Nahasapeemapetilon") || text.contains("Apu Nahasapeemapetilon"))
    }

    @Test func aScreenInsideASectionRepeatsItsHeader() throws {
        let table = TableView(dataSource: SimpsonsSections())
        let screen = try plain.screen(of: table, from: .row(IndexPath(row: 3, section: 0)))
        #expect(screen.lines[0].hasPrefix("The Simpsons Family ─"))
        #expect(screen.lines[1].hasSuffix("Lisa Marie Simpson"))
        #expect(screen.lines.count == 10)
        #expect(screen.end == .row(IndexPath(row: 3, section: 1)))
        #expect(!screen.isAtTop && !screen.isAtBottom)
    }

    @Test func theLastScreenEndsWithTheLastRow() throws {
        let table = TableView(dataSource: SimpsonsSections())
        let screen = try plain.screen(of: table, endingAt: .bottom(of: table))
        #expect(screen.isAtBottom)
        #expect(screen.lines.count <= 10)
        #expect(screen.lines.last == "  End of The Others")
        #expect(screen.lines.contains { $0.hasSuffix("Charles Montgomery Burns") })
    }

    @Test func aMillionRowsRenderWindowByWindow() throws {
        let source = GeneratedRows(count: 1_000_000)
        let table = TableView(dataSource: source)
        let renderer = TerminalRenderer(width: 60, height: 50)
        var screen = try renderer.screen(of: table)
        #expect(screen.lines.first?.hasPrefix("Row 0 ") == true)
        #expect(source.fullCounts == 0)
        for _ in 0..<200 {
            screen = try renderer.screen(of: table, from: screen.end)
        }
        #expect(screen.lines.first?.hasPrefix("Row 10000 ") == true)
        let last = try renderer.screen(of: table, endingAt: .bottom(of: table))
        #expect(last.lines.count == 50)
        #expect(last.lines.last?.hasPrefix("Row 999999 ") == true)
        #expect(last.lines.last?.hasSuffix("999999 × 2 = 1999998") == true)
        // Cells exist for about one screen, whatever the number of rows.
        #expect(table.statistics.materializedCells <= 2 * 50)
        #expect(table.statistics.visibleCells == 50)
    }
}
