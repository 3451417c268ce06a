import FolioArchive
import FolioFiles
import FolioSandbox
import Foundation

extension DocumentLibrary {
    /// Reads the document `name`, with the version of exactly the bytes read.
    ///
    /// The version is taken from the open file before reading, and the file is read again if it
    /// was replaced meanwhile, so the snapshot never pairs new bytes with an old version (which
    /// would let a later save overwrite a change unseen).
    /// - Parameter sizeLimit: the largest document read (256 MiB by default).
    /// - Throws: ``DocumentError`` `.notFound`, `.tooLarge`, ….
    public func read(_ name: String, sizeLimit: Int = 256 << 20) throws(DocumentError) -> DocumentSnapshot {
        let path = try documentPath(name, operation: "open")
        return try DocumentError.translating("open", subject: path.description) {
            var attempts = 0
            while true {
                let file = try files.open(path, mode: .reading)
                let version = try file.version()
                let contents = try file.readToEnd(limit: sizeLimit)
                try file.close()
                let document = try self.document(named: name)
                if document.version == version || attempts == 3 {
                    var snapshot = DocumentSnapshot(document: document, contents: contents)
                    snapshot.document.version = version
                    snapshot.document.size = UInt64(contents.count)
                    return snapshot
                }
                attempts += 1
            }
        }
    }

    /// Saves `contents` as the document `name`, only if it is still at `version`: the save of an
    /// editor, another tab, or the web app's `PUT` with `If-Match`.
    ///
    /// The new contents replace the file atomically, and only if nobody changed it since the
    /// version the caller read; otherwise the save fails with `.conflict` and nothing is written —
    /// the caller reloads, merges, or saves under another name. The check cannot be raced: see
    /// `Files.replace(_:ifUnchangedSince:_:)` for the exact guarantee (a swap with
    /// `RENAME_EXCHANGE`, verified after the swap and undone on a mismatch, with Folio's savers
    /// serialised by a lock).
    /// - Returns: the saved document; its version is the basis for the next save.
    /// - Throws: ``DocumentError`` `.conflict` (changed, deleted or renamed since `version`).
    @discardableResult
    public func save(_ contents: Data, to name: String, basedOn version: DocumentVersion) throws(DocumentError)
        -> Document
    {
        try write(contents, to: name, kind: nil, basedOn: version)
    }

    /// Saves a drawing into the drawing document `name`, only if it is still at `version`.
    ///
    /// What is saved is the drawing on its page (``Drawing/keptOnPage()``): a shape that reaches
    /// into the margin is clipped or clamped to the page's edges, so no coordinate is saved
    /// negative or beyond the page. This holds for every save of a drawing, whoever makes it.
    /// - Throws: ``DocumentError`` `.wrongKind` for a document that is not a drawing, or what
    ///   ``save(_:to:basedOn:)`` throws.
    @discardableResult
    public func save(_ drawing: Drawing, to name: String, basedOn version: DocumentVersion) throws(DocumentError)
        -> Document
    {
        try save(.drawing(drawing), to: name, kind: kind(ofDocumentNamed: name), basedOn: version)
    }

    /// Saves text (as UTF-8) into the note `name`, only if it is still at `version`.
    ///
    /// - Throws: ``DocumentError`` `.wrongKind` for a drawing, or what ``save(_:to:basedOn:)`` throws.
    @discardableResult
    public func save(text: String, to name: String, basedOn version: DocumentVersion) throws(DocumentError) -> Document
    {
        try save(.text(text), to: name, kind: kind(ofDocumentNamed: name), basedOn: version)
    }

    /// Saves `contents` into `document` — as ``document(named:)`` described it, so its kind is
    /// not worked out again — only if it is still at `version`.
    ///
    /// A drawing goes only into a drawing, text into any document but a drawing, bytes into any.
    /// - Returns: the saved document; its version is the basis for the next save.
    /// - Throws: ``DocumentError`` `.wrongKind` when the contents do not fit the document's kind
    ///   (nothing written), or what ``save(_:to:basedOn:)`` throws.
    @discardableResult
    public func save(_ contents: DocumentContents, to document: Document, basedOn version: DocumentVersion)
        throws(DocumentError) -> Document
    {
        try save(contents, to: document.name, kind: document.kind, basedOn: version)
    }

    private func save(
        _ contents: DocumentContents, to name: String, kind: DocumentKind, basedOn version: DocumentVersion
    ) throws(DocumentError) -> Document {
        try write(try bytes(of: contents, for: name, kind: kind), to: name, kind: kind, basedOn: version)
    }

    /// The bytes that `contents` are on disk in a document of `kind`.
    /// - Throws: ``DocumentError`` `.wrongKind` when the contents do not fit the kind.
    func bytes(of contents: DocumentContents, for name: String, kind: DocumentKind) throws(DocumentError) -> Data {
        let subject = "Documents/" + name
        switch contents {
        case .drawing(let drawing):
            guard kind == .drawing else {
                throw DocumentError(
                    .wrongKind, operation: "save", subject: subject,
                    reason: "it is a \(kind.noun), not a \(DocumentKind.drawing.noun)")
            }
            do {
                return try Archiver().encode(drawing.keptOnPage())
            } catch {
                throw DocumentError(error, operation: "save", subject: subject)
            }
        case .text(let text):
            guard kind != .drawing else {
                throw DocumentError(
                    .wrongKind, operation: "save", subject: subject, reason: "it is a drawing, not text")
            }
            return Data(text.utf8)
        case .bytes(let data):
            return data
        }
    }

    /// Replaces the document's bytes if it is still at `version`, and describes it after.
    func write(_ contents: Data, to name: String, kind: DocumentKind?, basedOn version: DocumentVersion)
        throws(DocumentError) -> Document
    {
        let path = try documentPath(name, operation: "save")
        let newVersion = try DocumentError.translating("save", subject: path.description) {
            try files.replace(path, ifUnchangedSince: version, with: contents)
        }
        guard var document = try describeIfPresent(name, operation: "save", kind: kind) else {
            throw DocumentError(
                .conflict, operation: "save", subject: path.description,
                reason: "it was removed or renamed right after the save")
        }
        document.version = newVersion
        return document
    }
}
