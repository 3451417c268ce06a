extension DatabaseError {
    /// The failure as a sentence for a person who is not reading SQLite's manual: "There is no
    /// table named “stock”.", "Another row already has this value in stocks.symbol, which must be
    /// unique." — what the web app shows as the headline, with ``description`` (operation, SQLite's
    /// message, code and SQL) kept as the detail.
    ///
    /// SQLite's result codes and its common messages (no such table or column, a syntax error, a
    /// failed constraint) are put in words; another message is given as SQLite wrote it, as a
    /// sentence.
    public var sentence: String {
        if let fileError {
            return Self.capitalized(fileError.reason) + "."
        }
        let message = self.message
        func after(_ prefix: String) -> String? {
            message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : nil
        }
        switch extendedCode {
        case .constraintUnique, .constraintPrimaryKey:
            return "Another row already has this value in \(Self.columns(message)), which must be unique."
        case .constraintNotNull:
            return "A value is needed in \(Self.columns(message)): it cannot be NULL."
        case .constraintForeignKey:
            return "The change would break a link between tables (a foreign key)."
        case .constraintCheck:
            return "A value breaks a rule of the table (CHECK \(Self.columns(message)))."
        case .constraintDataType:
            return "A value has the wrong type for its column (\(Self.columns(message)))."
        default:
            break
        }
        switch code {
        case .readOnly where message.hasPrefix("the query box is read-only"):
            return "The query box is read-only: this statement would change the database."
        case .readOnly:
            return "This database cannot be changed here."
        case .interrupted:
            return "The query took too long and was stopped."
        case .tooBig:
            return "The result is too big to show; ask for fewer rows or columns."
        case .busy, .locked:
            return "The database is busy with another change; try again in a moment."
        case .notADatabase:
            return "This file is not an SQLite database."
        case .corrupt:
            return "The database file is damaged."
        case .full:
            return "The disk is full."
        case .typeMismatch:
            return "A value has the wrong type (a rowid must be a whole number)."
        case .authorization:
            return "That is not allowed here: \(message)."
        default:
            break
        }
        if let table = after("no such table: ") {
            return "There is no table named “\(table)”."
        }
        if let column = after("no such column: ") {
            return "There is no column named “\(column)”."
        }
        if message.hasSuffix(": syntax error"), message.hasPrefix("near ") {
            var near = message.dropFirst("near ".count).dropLast(": syntax error".count)
            if near.count >= 2, near.first == "\"", near.last == "\"" {
                near = near.dropFirst().dropLast()
            }
            return "The SQL has a mistake near “\(near)”."
        }
        if message == "incomplete input" {
            return "The SQL ends too soon (a statement is not finished)."
        }
        let text = Self.capitalized(message)
        return text.hasSuffix(".") ? text : text + "."
    }

    /// What follows the colon of "UNIQUE constraint failed: stocks.symbol".
    private static func columns(_ message: String) -> String {
        guard let colon = message.firstIndex(of: ":") else { return "a column" }
        return message[message.index(after: colon)...].trimmingSpaces().description
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
