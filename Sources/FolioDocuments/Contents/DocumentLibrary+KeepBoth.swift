import FolioFiles
import FolioSandbox
import Foundation

/// What a save that keeps both versions on a conflict did.
public struct DocumentSaveOutcome: Sendable, Hashable {
    /// The document that holds the saved contents: the one saved into, or the new one beside it.
    public var document: Document
    /// True when the document had changed since the version the save was based on, so the
    /// contents went into a new document and the other version was left as it was.
    public var keptBoth: Bool

    /// An outcome with these properties.
    public init(document: Document, keptBoth: Bool) {
        self.document = document
        self.keptBoth = keptBoth
    }
}

extension DocumentLibrary {
    /// Saves `contents` into `document` if it is still at `version`; if it changed since (or was
    /// removed or renamed), saves them as a new document beside it instead: iOS's **Keep Both**.
    ///
    /// The new document takes the next free numbered name in the same folder — `Notes 2.txt`,
    /// `Notes 3.txt`, … — claimed with an exclusive create, as untitled documents are, so neither
    /// version is ever overwritten, whoever else saves or creates at the same time. The other
    /// version stays exactly as its writer left it.
    ///
    /// ```swift
    /// let outcome = try library.saveKeepingBoth(.text(mine), to: note, basedOn: readVersion)
    /// if outcome.keptBoth { print("saved as \(outcome.document.name)") }
    /// ```
    /// - Returns: the document saved and whether it is a new one.
    /// - Throws: ``DocumentError`` `.wrongKind` when the contents do not fit the document's kind,
    ///   `.alreadyExists` when every numbered name is taken; nothing is written then.
    public func saveKeepingBoth(
        _ contents: DocumentContents, to document: Document, basedOn version: DocumentVersion
    ) throws(DocumentError) -> DocumentSaveOutcome {
        let data = try bytes(of: contents, for: document.name, kind: document.kind)
        do {
            let saved = try write(data, to: document.name, kind: document.kind, basedOn: version)
            return DocumentSaveOutcome(document: saved, keptBoth: false)
        } catch  where error.code == .conflict {
            return DocumentSaveOutcome(document: try saveBeside(data, document), keptBoth: true)
        }
    }

    /// Writes `data` as a new document named like `document` with the next free number.
    private func saveBeside(_ data: Data, _ document: Document) throws(DocumentError) -> Document {
        let path = try documentPath(document.name, operation: "save")
        let created = try DocumentError.translating("save", subject: path.description) {
            try files.writeNewFile(data, at: path, numberingFrom: 2)
        }
        guard let createdName = created.name else {
            throw DocumentError(
                .notFound, operation: "save", subject: created.description, reason: "the new file has no name")
        }
        let folder = document.name.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let name = (folder + [Substring(createdName)]).joined(separator: "/")
        guard let saved = try describeIfPresent(name, operation: "save", kind: document.kind) else {
            throw DocumentError(
                .notFound, operation: "save", subject: created.description,
                reason: "the new document disappeared as soon as it was created")
        }
        return saved
    }
}
