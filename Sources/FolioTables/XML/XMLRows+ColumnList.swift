extension XMLRows {
    /// The column XPaths of a comma-separated list, such as `--columns` and the web API's
    /// `columns` take: `title, count(link), substring-before(author, ',')` is three columns.
    ///
    /// A comma separates columns only outside parentheses, brackets and string literals, which is
    /// everywhere a comma can stand in XPath 1.0 but between columns; spaces around each column
    /// are dropped, and so are empty items.
    ///
    /// - Complexity: O(n) in the length of the list.
    public static func columnXPaths(fromList list: String) -> [String] {
        var columns: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        for character in list {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case "," where depth == 0:
                columns.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        columns.append(current)
        return columns.map(Self.trimmed).filter { !$0.isEmpty }
    }

    private static func trimmed(_ text: String) -> String {
        var text = Substring(text)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
