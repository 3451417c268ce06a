/// What a person typed into a search field, read as words: the only form in which a query
/// reaches the index.
///
/// Every run of letters, digits and combining marks is a word; everything else (spaces,
/// punctuation, quotes, `*`, `-`, `:`, parentheses) separates words. A document matches when it
/// has every word, in its name or its contents, as a word or the beginning of one (`gard` finds
/// "garden"), so results follow typing; a word of one letter matches only itself.
/// Words such as `AND`, `OR`, `NOT` and `NEAR` are words like any other, never operators: no
/// text can change what is searched for or reach SQL. The expression given to SQLite's FTS5
/// (``ftsExpression``) quotes each word and is bound as a parameter.
///
/// ```swift
/// let query = try SearchQuery(parsing: "rose gard")   // words ["rose", "gard"]
/// query.ftsExpression                                  // "\"rose\"* \"gard\"*"
/// ```
public struct SearchQuery: Sendable, Hashable {
    /// The words, in the order typed.
    public let words: [String]

    /// The longest query read, in characters.
    public static let maximumLength = 1_000
    /// The most words a query may have.
    public static let maximumWords = 32
    /// The shortest word that is also matched as the beginning of longer words (one letter would
    /// match most of the library and cost a scan of the index).
    public static let minimumPrefixLength = 2

    /// Reads `text` as words.
    ///
    /// - Throws: ``SearchError`` `.emptyQuery` for empty text or only spaces, `.noWords` for
    ///   text without a letter or digit, `.queryTooLong` past ``maximumLength`` characters or
    ///   ``maximumWords`` words.
    /// - Complexity: O(n) in the length of `text`.
    public init(parsing text: String) throws(SearchError) {
        let subject = SearchQuery.quoted(text)
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw SearchError(
                .emptyQuery, operation: "search", subject: subject,
                reason: "the query is empty; type a word to search for")
        }
        guard text.count <= SearchQuery.maximumLength else {
            throw SearchError(
                .queryTooLong, operation: "search", subject: String(subject.prefix(40)) + "…",
                reason: "the query has \(text.count) characters; at most \(SearchQuery.maximumLength) are read")
        }
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if SearchQuery.isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty {
            words.append(String(word))
        }
        guard !words.isEmpty else {
            throw SearchError(
                .noWords, operation: "search", subject: subject,
                reason: "the query has no letter or digit to search for")
        }
        guard words.count <= SearchQuery.maximumWords else {
            throw SearchError(
                .queryTooLong, operation: "search", subject: String(subject.prefix(40)) + "…",
                reason: "the query has \(words.count) words; at most \(SearchQuery.maximumWords) are searched for")
        }
        self.words = words
    }

    /// The query in FTS5's syntax: each word a quoted string (a word has no quote in it), with
    /// `*` when it is long enough to match as a prefix; words side by side must all match.
    public var ftsExpression: String {
        words.map { word in
            "\"" + word + "\"" + (word.count >= SearchQuery.minimumPrefixLength ? "*" : "")
        }.joined(separator: " ")
    }

    /// Whether `scalar` belongs to a word: a letter, a digit or other number, or a mark that
    /// combines with one.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            true
        default:
            false
        }
    }

    /// The query as an error's subject: in quotes, at most 200 characters.
    static func quoted(_ text: String) -> String {
        "\"" + (text.count > 200 ? String(text.prefix(200)) + "…" : text) + "\""
    }
}
