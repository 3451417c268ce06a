/// How a FOLDER argument of `folio doc` names a folder of `Documents/`: a path relative to it
/// (`Projects`, `Projects/2026`, a trailing slash allowed), and `/` or `.` for the top level.
enum DocumentFolderArgument {
    /// The library's folder path for the argument `text` (empty for the top level).
    static func folder(_ text: String) -> String {
        if text == "/" || text == "." { return "" }
        var folder = Substring(text)
        while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }
}
