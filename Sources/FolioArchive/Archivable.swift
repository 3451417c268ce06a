/// A value that says how it is archived: its stored type name, the version of its stored form,
/// and how to read the forms older versions wrote.
///
/// Any `Codable` value can be archived; conforming adds versioning. The defaults are the type's
/// name, version 1, and a migration that decodes the old form as the current one (right when a
/// version only added optional properties).
///
/// ```swift
/// struct Person: Codable, Archivable {
///     static let archiveVersion = 2
///     var firstName: String
///     var lastName: String
///
///     static func migrate(from archive: ArchivedValue) throws -> Person {
///         struct Version1: Decodable { var name: String }   // "Anthony Robbins"
///         let old = try archive.decode(Version1.self)
///         let parts = old.name.split(separator: " ", maxSplits: 1).map(String.init)
///         return Person(firstName: parts.first ?? "", lastName: parts.count > 1 ? parts[1] : "")
///     }
/// }
/// ```
public protocol Archivable: Codable {
    /// The type name stored in the archive and checked when reading it.
    static var archiveTypeName: String { get }
    /// The version of the stored form this program writes, from 1. Raise it when the stored form
    /// changes; archives with a higher version are refused as newer than this program.
    static var archiveVersion: Int { get }
    /// A value from an archive that an older version wrote (`archive.version < archiveVersion`).
    ///
    /// - Throws: any error; reading then fails with `.migrationFailed`.
    static func migrate(from archive: ArchivedValue) throws -> Self
}

extension Archivable {
    /// The type's own name, e.g. `Person`.
    public static var archiveTypeName: String { String(describing: Self.self) }

    /// Version 1.
    public static var archiveVersion: Int { 1 }

    /// Decodes the old form as the current one.
    public static func migrate(from archive: ArchivedValue) throws -> Self {
        try archive.decode(Self.self)
    }
}
