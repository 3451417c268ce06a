import Foundation

extension TerminalRenderer {
    /// The lines of one cell: one line, or two for ``CellStyle/subtitle``.
    ///
    /// - Parameters:
    ///   - marker: drawn first, e.g. `⊖ ` for a row that can be deleted in editing mode.
    ///   - isGrouped: draw the cell inside its section's box.
    public func rowLines(
        _ content: CellContent, isSelected: Bool = false, marker: String = "", isGrouped: Bool = false
    ) -> [String] {
        let available = isGrouped ? width - 4 : width
        var prefix = marker.isEmpty ? "" : styled(marker, "31")
        var prefixWidth = TerminalText.width(of: marker)
        if let image = content.image {
            let symbol = TerminalText.sanitized(image.symbol)
            let symbolWidth = min(2, max(1, TerminalText.width(of: symbol)))
            prefix += TerminalText.fitted(symbol, toWidth: symbolWidth) + " "
            prefixWidth += symbolWidth + 1
        }
        let room = max(1, available - prefixWidth)
        let text = TerminalText.sanitized(content.text ?? "")
        let detail = TerminalText.sanitized(content.detail ?? "")
        var bodies: [String]
        switch content.style {
        case .default:
            bodies = [TerminalText.fitted(text, toWidth: room)]
        case .subtitle:
            bodies = [
                TerminalText.fitted(text, toWidth: room),
                styled(TerminalText.fitted(detail, toWidth: room), "2"),
            ]
        case .value1:
            bodies = [value1(text: text, detail: detail, room: room)]
        case .value2:
            // The chapter's value2: the text on the left, right-aligned and blue; the detail after it.
            let label = min(labelWidth ?? max(6, width / 4), max(1, room - 2))
            bodies = [
                styled(TerminalText.fitted(text, toWidth: label, alignRight: true), "34") + " "
                    + TerminalText.fitted(detail, toWidth: max(1, room - label - 1))
            ]
        }
        let indent = TerminalText.spaces(prefixWidth)
        return bodies.enumerated().map { index, body in
            var line = (index == 0 ? prefix : indent) + body
            if isSelected && usesColor {
                line = "\u{1B}[7m" + line.replacingAll("\u{1B}[0m", with: "\u{1B}[0;7m") + "\u{1B}[0m"
            }
            if isGrouped {
                return "│ " + line + " │"
            }
            return isSelected && usesColor ? line : line.trimmingTrailingSpaces()
        }
    }

    private func value1(text: String, detail: String, room: Int) -> String {
        guard !detail.isEmpty, room >= 3 else { return TerminalText.fitted(text, toWidth: room) }
        let detailWidth = min(TerminalText.width(of: detail), max(room / 2, room - TerminalText.width(of: text) - 1))
        let textWidth = room - detailWidth - 1
        return TerminalText.fitted(text, toWidth: textWidth) + " "
            + styled(TerminalText.fitted(detail, toWidth: detailWidth, alignRight: true), "34")
    }

    /// `text` in the SGR style `code` (`1` bold, `2` dim, `34` blue) when colour is on.
    func styled(_ text: String, _ code: String) -> String {
        usesColor && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return components(separatedBy: target).joined(separator: replacement)
    }
}
