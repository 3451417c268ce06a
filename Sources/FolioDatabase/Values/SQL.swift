/// Quoting for the rare SQL that needs a literal: SQLite's `%q`, `%Q` and `%w`.
///
/// Bind values instead whenever you can (``Database/execute(_:_:)``): a bound value is never
/// parsed as SQL. These functions are for SQL that cannot take parameters, such as a table
/// name chosen at run time or a script written for the `sqlite3` shell.
///
/// ```swift
/// SQL.escape("She said: 'Hey Ya'all whats up?'")   // She said: ''Hey Ya''all whats up?''
/// SQL.quote("She said: 'Hey Ya'all whats up?'")    // 'She said: ''Hey Ya''all whats up?'''
/// SQL.quote(nil)                                    // NULL
/// SQL.quoteIdentifier("purchase date")              // "purchase date"
/// ```
///
/// Like SQLite's formats, the text ends at its first NUL character, which SQL text cannot hold.
public enum SQL {
    /// The text with every `'` doubled, for use between single quotes: SQLite's `%q`.
    public static func escape(_ text: String) -> String {
        doubling("'", in: text)
    }

    /// The text as an SQL string literal (in single quotes, `'` doubled), or `NULL` for nil:
    /// SQLite's `%Q`.
    public static func quote(_ text: String?) -> String {
        guard let text else { return "NULL" }
        return "'" + doubling("'", in: text) + "'"
    }

    /// The name as an SQL identifier (in double quotes, `"` doubled): SQLite's `%w` in quotes.
    public static func quoteIdentifier(_ name: String) -> String {
        "\"" + doubling("\"", in: name) + "\""
    }

    /// Doubles `quote` scalar by scalar (a quote followed by a combining mark is one `Character`
    /// but still ends an SQL string).
    private static func doubling(_ quote: Unicode.Scalar, in text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\0" {
                break
            }
            result.append(scalar)
            if scalar == quote {
                result.append(quote)
            }
        }
        return String(result)
    }
}
