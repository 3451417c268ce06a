import FolioDocuments

/// The sentences the web app's rename sheet and delete alert show for one document, from
/// ``DocumentPrompts`` — the same words the command line uses.
struct DocumentSheets: Encodable {
    /// The document's file name.
    var name: String
    /// The name without its extension: what the rename field is pre-filled with.
    var title: String
    /// The document's kind identifier.
    var kind: String
    /// Whether it is the current document.
    var isCurrent: Bool
    /// The rename sheet's label.
    var renameQuestion: String
    /// The rename sheet's label when the name is taken.
    var nameTaken: String
    /// The delete alert's title.
    var deleteTitle: String
    /// The delete alert's question.
    var deleteQuestion: String
    /// The button that keeps the document.
    var cancelButton: String
    /// The button that moves it to the trash.
    var deleteButton: String

    init(document: Document, isCurrent: Bool) {
        name = document.name
        title = document.title
        kind = document.kind.identifier
        self.isCurrent = isCurrent
        renameQuestion = DocumentPrompts.renameQuestion
        nameTaken = DocumentPrompts.nameTaken
        deleteTitle = DocumentPrompts.deleteTitle(for: document.kind)
        deleteQuestion = DocumentPrompts.deleteQuestion(for: document, isCurrent: isCurrent)
        cancelButton = DocumentPrompts.cancelButton
        deleteButton = DocumentPrompts.deleteButton
    }
}
