/// The sentences of the document actions, for a user interface (the web app, the command line).
public enum DocumentPrompts {
    /// The actions menu: New, Rename, Delete, Send PDF, App Info.
    public static let actions = ["New", "Rename", "Delete", "Send PDF", "App Info"]

    /// The rename form's question; the field is pre-filled with the document's ``Document/title``.
    public static let renameQuestion = "Please enter a new file name for the current document."

    /// The rename form's answer when the new name is taken.
    public static let nameTaken = DocumentError.nameTakenMessage

    /// The title of the delete confirmation.
    public static func deleteTitle(for kind: DocumentKind) -> String {
        "Delete current \(kind.noun)"
    }

    /// The delete confirmation's question for the current document.
    public static func deleteQuestion(for kind: DocumentKind) -> String {
        "This will remove your current \(kind.noun) completely. Are you sure you want to do that?"
    }

    /// The delete confirmation's question for `document`: the one above when it is current,
    /// otherwise one that names it.
    public static func deleteQuestion(for document: Document, isCurrent: Bool) -> String {
        isCurrent
            ? deleteQuestion(for: document.kind)
            : "This will move the \(document.kind.noun) \(document.name) to the trash. Are you sure you want to do that?"
    }

    /// The delete confirmation's button that keeps the document.
    public static let cancelButton = "Cancel"

    /// The delete confirmation's button that moves the document to the trash.
    public static let deleteButton = "Delete it!"
}
