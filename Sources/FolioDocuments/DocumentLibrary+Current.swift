import FolioSandbox

extension DocumentLibrary {
    /// The current document: the one selected last, here or in another process, as remembered in
    /// `Library/Preferences/`.
    ///
    /// When none is selected, the most recently modified document becomes current; when the
    /// current one is gone (deleted or renamed by another program), its neighbour in name order
    /// does; when there are no documents at all, a new untitled one of the ``defaultKind`` is
    /// created. The choice is remembered. So there is always a current document, as in an app that
    /// always shows one.
    /// - Throws: ``DocumentError``.
    public func currentDocument() throws(DocumentError) -> Document {
        if let name = try readPreferences(operation: "current").current, DocumentLibrary.isDocumentReference(name),
            let document = try describeIfPresent(name, operation: "current")
        {
            return document
        }
        return try updatePreferences(operation: "current") { preferences, rollback in
            if let name = preferences.current, DocumentLibrary.isDocumentReference(name),
                let document = try describeIfPresent(name, operation: "current")
            {
                return document
            }
            let replacement: Document
            if let missing = preferences.current, let neighbour = try neighbour(of: missing, operation: "current") {
                replacement = neighbour
            } else if let newest = try newestDocument(operation: "current") {
                replacement = newest
            } else {
                replacement = try createUntitled(kind: defaultKind, rollback: &rollback)
            }
            if let missing = preferences.current {
                preferences.forget(missing)
            }
            preferences.current = replacement.name
            preferences.noteRecent(replacement.name)
            return replacement
        }
    }

    /// The name of the current document as remembered, without choosing one when there is none
    /// or it is gone.
    public func currentDocumentName() throws(DocumentError) -> String? {
        try readPreferences(operation: "current").current
    }

    /// Makes the document named `name` current (and the most recent).
    ///
    /// - Returns: the document.
    /// - Throws: ``DocumentError`` `.notFound` when there is no such document.
    @discardableResult
    public func select(_ name: String) throws(DocumentError) -> Document {
        let document = try self.document(named: name)
        try updatePreferences(operation: "select") { preferences, _ in
            preferences.current = document.name
            preferences.noteRecent(document.name)
        }
        return document
    }

    /// The documents selected most recently, most recent first, leaving out those that are gone.
    ///
    /// - Parameter limit: the most documents to return (the library remembers 20).
    public func recentDocuments(limit: Int = 10) throws(DocumentError) -> [Document] {
        var documents: [Document] = []
        for name in try readPreferences(operation: "recents").recents
        where documents.count < limit && DocumentLibrary.isDocumentReference(name) {
            if let document = try describeIfPresent(name, operation: "recents") {
                documents.append(document)
            }
        }
        return documents
    }
}
