import FolioArchive
import Foundation

/// A kind of document, recognised by its file extension: what a new one contains and what to
/// call it.
///
/// Folio's own kinds are ``drawing`` (`.dudeldoc`, an archived ``Drawing``) and ``note`` (`.txt`,
/// plain UTF-8 text). Files in `Documents/` that no kind claims are ``generic`` documents: listed,
/// renamed, deleted and restored like the others, never created. Subdirectories of `Documents/`
/// are listed as ``folder``s.
public struct DocumentKind: Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier: `drawing`, `note`, `generic`.
    public let identifier: String
    /// The extension without its dot (`dudeldoc`), or nil for ``generic``.
    public let fileExtension: String?
    /// What a person calls one ("drawing"), as in "This will remove your current drawing completely."
    public let noun: String
    /// What a new, empty document of this kind contains.
    public var emptyContents: Data { makeEmptyContents() }

    /// Made when a document of this kind is created, not when the kind is first named: archiving
    /// an empty drawing is a noticeable part of starting a command that creates none.
    private let makeEmptyContents: @Sendable () -> Data

    /// A kind.
    public init(identifier: String, fileExtension: String?, noun: String, emptyContents: Data) {
        self.init(identifier: identifier, fileExtension: fileExtension, noun: noun) { emptyContents }
    }

    private init(
        identifier: String, fileExtension: String?, noun: String, makeEmptyContents: @escaping @Sendable () -> Data
    ) {
        self.identifier = identifier
        self.fileExtension = fileExtension
        self.noun = noun
        self.makeEmptyContents = makeEmptyContents
    }

    /// A drawing: lines, rectangles, ellipses, freehand paths and text (`.dudeldoc`).
    public static let drawing = DocumentKind(identifier: "drawing", fileExtension: "dudeldoc", noun: "drawing") {
        emptyDrawing
    }

    /// A note: plain UTF-8 text (`.txt`).
    public static let note = DocumentKind(identifier: "note", fileExtension: "txt", noun: "note", emptyContents: Data())

    /// Any other file in `Documents/`.
    public static let generic = DocumentKind(
        identifier: "generic", fileExtension: nil, noun: "document", emptyContents: Data())

    /// A folder in `Documents/` (`Projects/`): listed with the documents, opened, made, renamed,
    /// moved and deleted like them; never one of a library's ``DocumentLibrary/kinds``.
    public static let folder = DocumentKind(
        identifier: "folder", fileExtension: nil, noun: "folder", emptyContents: Data())

    private static let emptyDrawing: Data = {
        do {
            return try Archiver().encode(Drawing())
        } catch {
            preconditionFailure("an empty drawing always archives: \(error)")
        }
    }()

    public var description: String { identifier }

    /// Kinds are the same when their identifiers are.
    public static func == (lhs: DocumentKind, rhs: DocumentKind) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }
}
