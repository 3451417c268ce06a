/// The forms rows are exported in: CSV (RFC 4180) or JSON.
///
/// - CSV: a header line of column names, then a line per row, lines ending with CRLF. NULL is an
///   empty field and the empty text a quoted one (`""`), so the two stay apart; a BLOB is its
///   bytes in base64; a REAL keeps its fraction (`2.0`).
/// - JSON: an array with an object per row, values as ``DatabaseValue/jsonText`` writes them
///   (`null`, numbers, strings, `{"base64": …}` for a BLOB). A name the rows give twice keeps its
///   first value.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// Comma-separated values.
    case csv
    /// An array of objects.
    case json

    /// The media type of an export in this format.
    public var mediaType: String {
        switch self {
        case .csv: "text/csv; charset=utf-8"
        case .json: "application/json"
        }
    }
}
