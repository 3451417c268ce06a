import FolioTables
import Foundation
import Testing

@Suite struct HTMLRendererTests {
    let renderer = HTMLRenderer()

    @Test func aSimpleTableIsAListOfNames() throws {
        let html = try renderer.string(of: TableView(dataSource: SimpsonsList()))
        #expect(html.hasPrefix("<div class=\"folio-table folio-table-plain\">\n<section class=\"folio-section\""))
        #expect(html.components(separatedBy: "<li class=\"folio-cell folio-cell-default\"").count == 12)
        #expect(
            html.contains(
                "<li class=\"folio-cell folio-cell-default\" data-index-path=\"0.0\">"
                    + "<span class=\"folio-cell-text\" dir=\"auto\">Homer Jay Simpson</span></li>"))
        #expect(html.contains("Marjorie &quot;Marge&quot; Simpson"))
        #expect(html.hasSuffix("</ul>\n</section>\n</div>\n"))
    }

    @Test func imagesShowAsSymbolsOrPictures() throws {
        let table = TableView(dataSource: SimpsonsList(imagesByRow: true))
        let symbols = try renderer.string(of: table)
        let symbol = CellImage(named: "3.png").symbol
        #expect(symbols.contains("<span class=\"folio-cell-image\" role=\"img\" aria-label=\"3.png\">\(symbol)</span>"))
        let pictures = try HTMLRenderer(imageURL: { "/images/\($0.name)?v=\"1\"" }).string(of: table)
        #expect(
            pictures.contains("<img class=\"folio-cell-image\" src=\"/images/3.png?v=&quot;1&quot;\" alt=\"3.png\"/>"))
    }

    @Test func sectionsHaveHeadersAndFooters() throws {
        let html = try HTMLRenderer(headingLevel: 3).string(of: TableView(dataSource: SimpsonsSections()))
        #expect(html.components(separatedBy: "<section ").count == 3)
        #expect(html.components(separatedBy: "</section>").count == 3)
        #expect(html.contains("<h3 class=\"folio-section-header\">The Simpsons Family</h3>"))
        #expect(html.contains("<p class=\"folio-section-footer\">End of Simpsons Family</p>"))
        #expect(html.contains("<h3 class=\"folio-section-header\">The Others</h3>"))
        #expect(html.contains("<p class=\"folio-section-footer\">End of The Others</p>"))
        let family = try #require(html.range(of: "End of Simpsons Family"))
        let ned = try #require(html.range(of: "Ned Flanders"))
        #expect(family.upperBound < ned.lowerBound)
    }

    @Test func eachStyleHasItsClassAndLabelOrder() throws {
        for style in CellStyle.allCases {
            let source = GeneratedRows(count: 1, style: style)
            let html = try renderer.string(of: TableView(dataSource: source))
            #expect(html.contains("folio-cell-\(style.rawValue)"))
            let text = try #require(html.range(of: "folio-cell-text"))
            let detail = html.range(of: "folio-cell-detail")
            switch style {
            case .default: #expect(detail == nil)
            default: #expect(try #require(detail).lowerBound > text.lowerBound)
            }
        }
    }

    @Test func hostileTextIsEscaped() throws {
        let hostile = [
            "<script>alert('x')</script>", "\"><img src=x onerror=alert(1)>", "\u{1B}[31mred", "access\u{202E}nimda",
            String(repeating: "مرحبا ", count: 500), #"<&"'>"#,
        ]
        let html = try renderer.string(of: TableView(dataSource: SimpsonsList(hostile)))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("\u{1B}") && html.contains("␛[31mred"))
        #expect(!html.contains("\u{202E}"))
        #expect(html.contains("dir=\"auto\">مرحبا"))
        #expect(html.contains("&lt;&amp;&quot;&#39;&gt;"))
    }

    @Test func editingAndSelectionAreMarked() throws {
        let table = TableView(dataSource: SimpsonsList(Array(Simpsons.all.prefix(2))))
        try table.selectRow(at: IndexPath(row: 1, section: 0))
        #expect(
            try renderer.string(of: table).contains("folio-selected\" data-index-path=\"0.1\" aria-current=\"true\""))
        table.setEditing(true)
        let editing = try renderer.string(of: table)
        #expect(editing.hasPrefix("<div class=\"folio-table folio-table-plain\" data-editing=\"true\">"))
        #expect(editing.components(separatedBy: "data-editable=\"true\"").count == 3)
    }

    @Test func deletingInEditingModeRemovesTheRow() throws {
        let table = TableView(dataSource: SimpsonsSections())
        table.setEditing(true)
        try table.commit(.delete, forRowAt: IndexPath(row: 1, section: 0))
        let html = try renderer.string(of: table)
        #expect(!html.contains("Marge"))
        #expect(
            html.contains(
                "data-index-path=\"0.1\" data-editable=\"true\"><span class=\"folio-cell-image\" role=\"img\" aria-label=\"1-0.png\""
            ))
    }

    @Test func aMillionRowsRenderWindowByWindow() throws {
        let source = GeneratedRows(count: 1_000_000)
        let table = TableView(dataSource: source)
        var html = ""
        let next = try renderer.render(
            table, from: .row(IndexPath(row: 500_000, section: 0)), rowLimit: 100
        ) { html += $0 }
        #expect(next == .row(IndexPath(row: 500_100, section: 0)))
        #expect(html.components(separatedBy: "<li ").count == 101)
        #expect(html.contains("data-index-path=\"0.500000\""))
        #expect(html.hasSuffix("</ul>\n</section>\n</div>\n"))
        #expect(source.fullCounts == 0)
        var total = 0
        var renderer = self.renderer
        renderer.batchSize = 1000
        try renderer.render(TableView(dataSource: GeneratedRows(count: 20_000))) { total += $0.utf8.count }
        #expect(total > 20_000 * 50)
        #expect(table.statistics.materializedCells <= 100)
    }
}
