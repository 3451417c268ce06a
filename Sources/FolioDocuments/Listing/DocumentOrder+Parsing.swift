extension DocumentOrder {
    /// Every spelling ``init(parsing:)`` reads, in the order messages list them.
    public static let spellings = ["name", "date", "-name", "-date"]

    /// The order's spelling: its key (`name`, `date`) in the key's usual direction (A to Z, newest
    /// first), with a leading `-` the other way round.
    public var spelling: String {
        let usual = key == .name ? DocumentOrder.name : DocumentOrder.date
        return (isAscending == usual.isAscending ? "" : "-") + key.rawValue
    }

    /// The order spelt `text`, as the CLI's `doc list --sort` and the web API's
    /// `GET /api/documents?sort=` take it: `name` (A to Z), `date` (newest first), `-name` or
    /// `-date` (the other way round).
    ///
    /// ```swift
    /// try DocumentOrder(parsing: "-date")   // oldest first
    /// ```
    /// - Throws: ``DocumentError`` `.unknownOrder` for any other text, naming the spellings.
    public init(parsing text: String) throws(DocumentError) {
        switch text {
        case "name": self = .name
        case "date": self = .date
        case "-name": self = DocumentOrder.name.reversed
        case "-date": self = DocumentOrder.date.reversed
        default:
            throw DocumentError(
                .unknownOrder, operation: "sort documents", subject: "",
                reason: "documents sort by name, date, -name or -date, not '\(text)'")
        }
    }
}
