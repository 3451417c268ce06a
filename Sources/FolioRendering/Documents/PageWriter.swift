/// Lays text out down the pages of a canvas: a line at a time from the top margin, a new page
/// when the next line would cross the bottom margin. What the note and table renderers share.
final class PageWriter {
    let canvas: CairoCanvas
    let pageSize: PageSize
    let margin: Double
    /// The baseline of the last line written, or the top margin on a fresh page.
    private(set) var cursor: Double
    /// The pages begun so far.
    private(set) var pageCount = 1
    /// The most pages a document may have; further text is cut off (the caller says so).
    let pageLimit: Int
    /// Whether text was cut off at ``pageLimit``.
    private(set) var isTruncated = false

    init(canvas: CairoCanvas, pageSize: PageSize, margin: Double, pageLimit: Int) {
        self.canvas = canvas
        self.pageSize = pageSize
        self.margin = margin
        self.cursor = margin
        self.pageLimit = pageLimit
        paintPage()
    }

    /// The width between the margins.
    var lineWidth: Double { pageSize.width - 2 * margin }

    /// Whether the canvas draws one page only (an image): text past it is not drawn.
    private var isSinglePage: Bool { canvas.kind != .pdf }

    /// Makes room for a block `height` points tall below the cursor (a new page when it does not
    /// fit and the page is not empty); false when no more may be written.
    func reserve(_ height: Double) -> Bool {
        guard !isTruncated else { return false }
        if cursor + height > pageSize.height - margin, cursor > margin {
            guard !isSinglePage, pageCount < pageLimit else {
                isTruncated = true
                return false
            }
            canvas.showPage()
            pageCount += 1
            cursor = margin
            paintPage()
        }
        return true
    }

    /// Moves the cursor down by `height`.
    func advance(by height: Double) {
        cursor += height
    }

    private func paintPage() {
        canvas.setColor(red: 1, green: 1, blue: 1)
        canvas.paint()
    }

    /// `text` broken into lines no wider than `width` in the canvas's current font: at spaces
    /// where it can, inside a word longer than a line where it must. Tabs count as four spaces.
    /// Stops after `maximumLines` lines: no more are drawn, however long the text.
    /// - Complexity: O(characters of the lines made).
    func wrap(_ text: String, width: Double, maximumLines: Int = .max) -> [String] {
        let words = text.replacingTabs().split(separator: " ", omittingEmptySubsequences: false)
        var lines: [String] = []
        var line = ""
        var lineAdvance = 0.0
        var lineHasWords = false
        let space = canvas.advance(of: " ")
        for word in words.map(String.init) {
            let wordAdvance = canvas.advance(of: word)
            let joined = lineHasWords ? lineAdvance + space + wordAdvance : wordAdvance
            if joined <= width {
                line = lineHasWords ? line + " " + word : word
                lineAdvance = joined
                lineHasWords = true
                continue
            }
            if lineHasWords {
                lines.append(line)
                if lines.count >= maximumLines { return lines }
            }
            line = ""
            lineAdvance = 0
            lineHasWords = true
            // A word wider than the line is cut where it reaches the margin.
            for character in word {
                let characterAdvance = canvas.advance(of: String(character))
                if lineAdvance + characterAdvance > width, !line.isEmpty {
                    lines.append(line)
                    if lines.count >= maximumLines { return lines }
                    line = ""
                    lineAdvance = 0
                }
                line.append(character)
                lineAdvance += characterAdvance
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` cut with an ellipsis to fit `width` in the current font.
    func truncated(_ text: String, width: Double) -> String {
        let plain = text.replacingTabs()
        guard canvas.advance(of: plain) > width else { return plain }
        let ellipsis = "…"
        var room = width - canvas.advance(of: ellipsis)
        var kept = ""
        for character in plain {
            room -= canvas.advance(of: String(character))
            guard room >= 0 else { break }
            kept.append(character)
        }
        return kept + ellipsis
    }
}

extension String {
    /// The text with each tab as four spaces and other line breaks as spaces.
    fileprivate func replacingTabs() -> String {
        var result = ""
        for character in self {
            switch character {
            case "\t": result += "    "
            case "\r", "\r\n", "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
