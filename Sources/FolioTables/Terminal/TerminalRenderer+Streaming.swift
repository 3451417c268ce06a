extension TerminalRenderer {
    /// How many bytes of lines are gathered before they are handed on.
    static let streamingChunkSize = 1 << 18

    /// Draws `table` straight from its CSV file in one pass, when its rows are the file's records
    /// in order and nothing but the cells' own content is drawn (no editing marks, no selection):
    /// each record's fields stay bytes of the stream's buffer and each line is laid out into one
    /// output buffer handed to `write` in large chunks of whole lines.
    ///
    /// A row whose labels are printable ASCII (one byte, one column) is laid out from its bytes;
    /// any other row goes through ``rowLines(_:isSelected:marker:isGrouped:)``, so wide
    /// characters, combining marks, emoji and control characters come out as they do on screen.
    ///
    /// - Returns: false, having drawn nothing, when the table is not one this applies to.
    func renderStreaming(
        _ table: TableView, to write: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> Bool {
        guard !table.isEditing, table.selectedRow == nil, let rows = table.dataSource as? RowsDataSource,
            rows.isInSourceOrder, let file = rows.source as? CSVFile
        else { return false }
        var output = StreamedLines(renderer: self, isGrouped: table.style == .grouped, mapping: rows.mapping)
        output.append(try lines(of: .sectionStart(section: 0, header: rows.titleForHeader(in: 0)), in: table))
        var stream = file.recordStream()
        while try stream.next() {
            output.appendRow(of: stream)
            if output.bytes.count >= TerminalRenderer.streamingChunkSize {
                try output.bytes.withUnsafeBufferPointer { try write($0) }
                output.bytes.removeAll(keepingCapacity: true)
            }
        }
        output.append(try lines(of: .sectionEnd(section: 0, footer: rows.titleForFooter(in: 0)), in: table))
        if !output.bytes.isEmpty {
            try output.bytes.withUnsafeBufferPointer { try write($0) }
        }
        return true
    }
}

/// The lines of a streamed table, laid out as bytes: the cell layout of
/// ``TerminalRenderer/rowLines(_:isSelected:marker:isGrouped:)`` for labels of printable ASCII.
private struct StreamedLines {
    let renderer: TerminalRenderer
    let isGrouped: Bool
    let mapping: ColumnMapping
    /// The lines laid out and not yet written.
    var bytes: [UInt8] = []
    private var text: [UInt8] = []
    private var detail: [UInt8] = []
    private var image: [UInt8] = []

    private static let space = UInt8(ascii: " ")
    private static let blank = [UInt8](repeating: UInt8(ascii: " "), count: 256)
    private static let ellipsis = Array("…".utf8)
    private static let boxLeft = Array("│ ".utf8)
    private static let boxRight = Array(" │".utf8)
    private static let escape = Array("\u{1B}[".utf8)
    private static let reset = Array("\u{1B}[0m".utf8)

    init(renderer: TerminalRenderer, isGrouped: Bool, mapping: ColumnMapping) {
        self.renderer = renderer
        self.isGrouped = isGrouped
        self.mapping = mapping
        bytes.reserveCapacity(TerminalRenderer.streamingChunkSize + (1 << 14))
    }

    /// Appends finished lines, each with its newline.
    mutating func append(_ lines: [String]) {
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Appends the lines of the cell of the stream's current record.
    mutating func appendRow(of stream: CSVRecordStream) {
        let hasText = Self.contents(of: mapping.text, in: stream, into: &text)
        let hasDetail = Self.contents(of: mapping.detail, in: stream, into: &detail)
        let hasImage = Self.contents(of: mapping.image, in: stream, into: &image) && !image.isEmpty
        let style = mapping.style
        let usesDetail = style != .default
        guard !hasImage, Self.isPrintableASCII(text), !usesDetail || Self.isPrintableASCII(detail) else {
            let content = CellContent(
                style: style, text: hasText ? String(decoding: text, as: UTF8.self) : nil,
                detail: hasDetail ? String(decoding: detail, as: UTF8.self) : nil,
                image: hasImage ? CellImage(named: String(decoding: image, as: UTF8.self)) : nil)
            append(renderer.rowLines(content, isGrouped: isGrouped))
            return
        }
        let width = renderer.width
        let room = max(1, isGrouped ? width - 4 : width)
        let text = self.text
        let detail = self.detail
        var line = beginLine()
        switch style {
        case .default:
            fitted(text, room)
        case .subtitle:
            fitted(text, room)
            endLine(line)
            line = beginLine()
            let dim = beginStyle("2")
            fitted(detail, room)
            endStyle(dim)
        case .value1:
            guard !detail.isEmpty, room >= 3 else {
                fitted(text, room)
                break
            }
            let detailWidth = min(detail.count, max(room / 2, room - text.count - 1))
            fitted(text, room - detailWidth - 1)
            bytes.append(Self.space)
            let blue = beginStyle("34")
            fitted(detail, detailWidth, alignRight: true)
            endStyle(blue)
        case .value2:
            let label = min(renderer.labelWidth ?? max(6, width / 4), max(1, room - 2))
            let blue = beginStyle("34")
            fitted(text, label, alignRight: true)
            endStyle(blue)
            bytes.append(Self.space)
            fitted(detail, max(1, room - label - 1))
        }
        endLine(line)
    }

    /// Starts a line (its box edge in the grouped style); returns where it starts.
    private mutating func beginLine() -> Int {
        let start = bytes.count
        if isGrouped { bytes.append(contentsOf: Self.boxLeft) }
        return start
    }

    /// Ends the line that started at `start`: boxed in the grouped style, else without trailing
    /// spaces.
    private mutating func endLine(_ start: Int) {
        if isGrouped {
            bytes.append(contentsOf: Self.boxRight)
        } else {
            while bytes.count > start, bytes[bytes.count - 1] == Self.space { bytes.removeLast() }
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Starts the SGR style `code` when colour is on; returns what ``endStyle(_:)`` needs.
    private mutating func beginStyle(_ code: StaticString) -> (start: Int, content: Int) {
        let start = bytes.count
        if renderer.usesColor {
            bytes.append(contentsOf: Self.escape)
            code.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "m"))
        }
        return (start, bytes.count)
    }

    /// Ends a style begun with ``beginStyle(_:)``: an empty text gets no style at all.
    private mutating func endStyle(_ mark: (start: Int, content: Int)) {
        guard renderer.usesColor else { return }
        if bytes.count == mark.content {
            bytes.removeSubrange(mark.start...)
        } else {
            bytes.append(contentsOf: Self.reset)
        }
    }

    /// ASCII `label` cut to `width` columns (ending in `…` when cut) and padded to exactly that.
    private mutating func fitted(_ label: [UInt8], _ width: Int, alignRight: Bool = false) {
        guard width > 0 else { return }
        guard label.count <= width else {
            bytes.append(contentsOf: label[..<(width - 1)])
            bytes.append(contentsOf: Self.ellipsis)
            return
        }
        if alignRight { spaces(width - label.count) }
        bytes.append(contentsOf: label)
        if !alignRight { spaces(width - label.count) }
    }

    private mutating func spaces(_ count: Int) {
        var left = count
        while left > 0 {
            let run = min(left, Self.blank.count)
            bytes.append(contentsOf: Self.blank[..<run])
            left -= run
        }
    }

    /// Puts what field `column` of the current record holds into `target`; false when the
    /// record has no such field.
    private static func contents(of column: Int?, in stream: CSVRecordStream, into target: inout [UInt8]) -> Bool {
        target.removeAll(keepingCapacity: true)
        guard let column, column < stream.fields.count else { return false }
        stream.appendContents(of: stream.fields[column], to: &target)
        return true
    }

    private static func isPrintableASCII(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
