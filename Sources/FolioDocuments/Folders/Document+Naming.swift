extension Document {
    /// The library's name of the item `fileName` in `folder` (relative to `Documents/`, empty for
    /// the top level): `Projects/Nested.txt`, or `Nested.txt` at the top level.
    public static func name(_ fileName: String, inFolder folder: String) -> String {
        folder.isEmpty ? fileName : folder + "/" + fileName
    }
}
