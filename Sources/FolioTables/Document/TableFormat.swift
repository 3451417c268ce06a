/// The file formats a table can be read from.
public enum TableFormat: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Comma-separated values (RFC 4180), read lazily.
    case csv
    /// Tab-separated values, read like CSV with tabs.
    case tsv
    /// A JSON array of objects, arrays or plain values.
    case json
    /// XML, with XPaths for rows and columns.
    case xml

    /// The format a file name's extension names (`.csv`, `.tsv`, `.tab`, `.json`, `.xml`), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), fileName.lastIndex(of: "/").map({ $0 < dot }) ?? true else {
            return nil
        }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "xml": self = .xml
        default: return nil
        }
    }

    /// Whether an edited table in this format can be written back.
    public var isWritable: Bool { self != .xml }

    public var description: String { rawValue }
}
