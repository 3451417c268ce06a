import FolioArchive
import Foundation

/// A document's contents as read at one moment, with the version they are: what an editor opens,
/// and the basis of its next save.
public struct DocumentSnapshot: Sendable, Hashable {
    /// The document, described as it was when read; its ``Document/version`` is the version of
    /// exactly these ``contents``.
    public var document: Document
    /// The bytes of the file.
    public var contents: Data

    /// A snapshot.
    public init(document: Document, contents: Data) {
        self.document = document
        self.contents = contents
    }

    /// The contents as a drawing.
    ///
    /// - Throws: ``DocumentError`` `.corrupt` for a damaged drawing or one of another type,
    ///   `.newerVersion` for one written by a newer Folio.
    public func drawing() throws(DocumentError) -> Drawing {
        do {
            return try Archiver().decode(Drawing.self, from: contents, subject: "Documents/" + document.name)
        } catch {
            throw DocumentError(
                error.code == .wrongType ? .corrupt : DocumentError.Code(error.code.rawValue),
                operation: "open", subject: error.subject, reason: error.reason)
        }
    }

    /// The contents as text.
    ///
    /// - Throws: ``DocumentError`` `.corrupt` when they are not UTF-8.
    public func text() throws(DocumentError) -> String {
        guard let text = String(validating: contents, as: UTF8.self) else {
            throw DocumentError(
                .corrupt, operation: "open", subject: "Documents/" + document.name, reason: "it is not UTF-8 text")
        }
        return text
    }
}
