/// What an archive says about itself: the type and version of the value it holds, and its format.
public struct ArchiveHeader: Sendable, Hashable, Codable {
    /// The stored type name, e.g. `Drawing`.
    public var typeName: String
    /// The version of the stored form.
    public var version: Int
    /// The format the archive is written in.
    public var format: ArchiveFormat

    /// A header with these fields.
    public init(typeName: String, version: Int, format: ArchiveFormat) {
        self.typeName = typeName
        self.version = version
        self.format = format
    }
}
