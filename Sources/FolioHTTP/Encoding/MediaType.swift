/// The media type a file's extension implies, for downloads.
public enum MediaType {
    /// The media type for a file called `name` (`a.csv` → `text/csv; charset=utf-8`);
    /// `application/octet-stream` for an extension not listed.
    public static func forName(_ name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "txt", "md", "log": return "text/plain; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "csv": return "text/csv; charset=utf-8"
        case "tsv": return "text/tab-separated-values; charset=utf-8"
        case "xml": return "application/xml"
        case "gpx": return "application/gpx+xml"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "pdf": return "application/pdf"
        case "db", "sqlite", "sqlite3": return "application/vnd.sqlite3"
        default: return "application/octet-stream"
        }
    }
}
