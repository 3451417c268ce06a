import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// The version of a document's contents that a reader saw, and that a save states it is based on
/// (see ``DocumentLibrary/save(_:to:basedOn:)``); the web app's `ETag`.
public typealias DocumentVersion = FileVersion

/// A document in the library: a file in `Documents/` or in one of its folders, with what a browser
/// shows about it. A listing describes the folders it shows as documents of kind
/// ``DocumentKind/folder``.
public struct Document: Sendable, Hashable, Encodable, Identifiable {
    /// The name the library knows it by: the file name, extension included
    /// (`Untitled 2026-11-29 20.57.33.dudeldoc`), after its folders for one in a folder
    /// (`Projects/Nested.txt`).
    public var name: String
    /// Its kind, from the extension.
    public var kind: DocumentKind
    /// Its size in bytes.
    public var size: UInt64
    /// When its contents last changed, exact to the nanosecond.
    public var modificationTime: UTCTime
    /// When it was created, where the filesystem records it, exact to the nanosecond.
    public var creationTime: UTCTime?
    /// The version of its contents, for a conflict-checked save.
    public var version: DocumentVersion

    /// A document with these properties.
    public init(
        name: String,
        kind: DocumentKind,
        size: UInt64,
        modificationTime: UTCTime,
        creationTime: UTCTime?,
        version: DocumentVersion
    ) {
        self.name = name
        self.kind = kind
        self.size = size
        self.modificationTime = modificationTime
        self.creationTime = creationTime
        self.version = version
    }

    /// A document with these properties, its times given as `Date`s.
    public init(
        name: String,
        kind: DocumentKind,
        size: UInt64,
        modificationDate: Date,
        creationDate: Date?,
        version: DocumentVersion
    ) {
        self.init(
            name: name, kind: kind, size: size,
            modificationTime: UTCTime(modificationDate) ?? UTCTime(secondsSince1970: 0),
            creationTime: creationDate.flatMap(UTCTime.init), version: version)
    }

    /// When its contents last changed, as a `Date` (``modificationTime`` is exact).
    public var modificationDate: Date {
        get { modificationTime.date }
        set { modificationTime = UTCTime(newValue) ?? modificationTime }
    }

    /// When it was created, as a `Date` (``creationTime`` is exact).
    public var creationDate: Date? {
        get { creationTime?.date }
        set { creationTime = newValue.flatMap(UTCTime.init) }
    }

    /// The stable identity of a document in a list: its name.
    public var id: String { name }

    /// The file name, without the folders: `Nested.txt` for `Projects/Nested.txt`.
    public var fileName: String {
        name.split(separator: "/").last.map(String.init) ?? name
    }

    /// The folder it is in, relative to `Documents/` (`Projects`); empty at the top level.
    public var folder: String {
        name.lastIndex(of: "/").map { String(name[..<$0]) } ?? ""
    }

    /// Whether this is a folder rather than a document.
    public var isFolder: Bool { kind == .folder }

    /// The name without its extension, as a rename form shows it (`Untitled 2026-11-29 20.57.33`);
    /// a folder's whole name.
    public var title: String { isFolder ? fileName : FileName.split(fileName).stem }

    /// The extension, without its dot; empty when there is none (and for a folder).
    public var fileExtension: String { isFolder ? "" : FileName.split(fileName).extension }

    /// The document's path in the container: `Documents/<name>`, resolved with no symbolic link
    /// followed (a document, and each folder it is in, is never one).
    public var path: SandboxPath {
        get throws {
            try SandboxPath.documents.refusingSymbolicLinks().appending(
                components: name.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name, title, kind, size, modificationDate, creationDate, version, path, folder
    }

    /// Encodes the document with its title, kind identifier, path and folder, for scripts and the
    /// web app.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(title, forKey: .title)
        try container.encode(kind.identifier, forKey: .kind)
        try container.encode(size, forKey: .size)
        try container.encode(modificationTime, forKey: .modificationDate)
        try container.encodeIfPresent(creationTime, forKey: .creationDate)
        try container.encode(version, forKey: .version)
        try container.encode("Documents/" + name, forKey: .path)
        try container.encode(folder, forKey: .folder)
    }
}
