import FolioFiles
import FolioSandbox
import Foundation

extension DocumentLibrary {
    /// Creates a new, empty document with an untitled, timestamped name and (by default) makes it
    /// current: the actions menu's New.
    ///
    /// The name is `Untitled 2026-11-29 20.57.33.dudeldoc` (local time); when it is taken — a
    /// second New in the same second, or another process — the next of `… 2.dudeldoc`,
    /// `… 3.dudeldoc`, … is claimed with an exclusive create, so no document is ever overwritten,
    /// however many are created at once, from however many processes.
    ///
    /// - Parameters:
    ///   - kind: the kind of document (the ``defaultKind`` unless given); it must be one of ``kinds``.
    ///   - folder: the folder to create it in, relative to `Documents/` (`Projects`); empty for
    ///     the top level.
    ///   - selecting: make the new document current.
    /// - Returns: the new document.
    /// - Throws: ``DocumentError`` (`.unknownKind` for a kind the library does not have,
    ///   `.notFound` or `.notAFolder` for a folder that is not one).
    @discardableResult
    public func createDocument(kind: DocumentKind? = nil, in folder: String = "", selecting: Bool = true)
        throws(DocumentError) -> Document
    {
        let kind = kind ?? defaultKind
        guard kinds.contains(kind) else {
            throw DocumentError(
                .unknownKind, operation: "new", subject: kind.identifier,
                reason: "this library does not create \(kind.noun)s")
        }
        let directory = try folderPath(folder, operation: "new")
        guard selecting else {
            return try DocumentError.translating("new") { try createUntitled(kind: kind, in: directory) }
        }
        return try updatePreferences(operation: "new") { preferences, rollback in
            let document = try createUntitled(kind: kind, in: directory, rollback: &rollback)
            preferences.current = document.name
            preferences.noteRecent(document.name)
            return document
        }
    }

    /// The untitled name for a document of `kind` created at `date`, before any number is added:
    /// `Untitled 2026-11-29 20.57.33.dudeldoc`.
    public func untitledName(for kind: DocumentKind, at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let stamp =
            "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) "
            + "\(two(parts.hour)).\(two(parts.minute)).\(two(parts.second))"
        return "Untitled \(stamp)" + (kind.fileExtension.map { "." + $0 } ?? "")
    }

    /// Creates the file of a new untitled document (without selecting it), to be removed again
    /// should the operation fail after all.
    func createUntitled(kind: DocumentKind, in directory: SandboxPath = .documents, rollback: inout Rollback) throws
        -> Document
    {
        let document = try createUntitled(kind: kind, in: directory)
        rollback.add("remove the new document Documents/\(document.name)") { [self] in
            try removeUnchanged(document)
        }
        return document
    }

    /// Removes the file of `document` if it is still the one described (nobody wrote it since).
    func removeUnchanged(_ document: Document) throws {
        let path = try document.path
        guard try files.basicAttributes(of: path).version == document.version else { return }
        try files.remove(path)
    }

    /// Creates the file of a new untitled document (without selecting it) in `directory`
    /// (`Documents/` or one of its folders).
    func createUntitled(kind: DocumentKind, in directory: SandboxPath = .documents) throws -> Document {
        let fileBase = untitledName(for: kind, at: clock())
        // The hint remembers the folder with the name: numbering in one folder says nothing of another.
        let folderPrefix = directory.components.map { $0 + "/" }.joined()
        let base = folderPrefix + fileBase
        let start = untitledHint.withLock { hint in hint?.name == base ? hint?.next ?? 1 : 1 }
        let path = try files.writeNewFile(
            kind.emptyContents, at: directory.appending(fileBase), numberingFrom: start)
        guard let fileName = path.name else {
            throw DocumentError(
                .notFound, operation: "new", subject: path.description, reason: "the new file has no name")
        }
        let name = folderPrefix + fileName
        let number = DocumentLibrary.number(of: fileName, numbering: fileBase)
        untitledHint.withLock { hint in
            if let number, hint?.name != base || number >= hint?.next ?? 0 {
                hint = UntitledHint(name: base, next: number + 1)
            }
        }
        guard let document = try describeIfPresent(name, operation: "new") else {
            throw DocumentError(
                .notFound, operation: "new", subject: path.description,
                reason: "the new document disappeared as soon as it was created")
        }
        return document
    }

    /// The number `name` carries as a numbered variant of `base` (1 for `base` itself).
    static func number(of name: String, numbering base: String) -> Int? {
        if name == base { return 1 }
        let stem = FileName.split(name).stem
        let baseStem = FileName.split(base).stem
        guard stem.hasPrefix(baseStem + " ") else { return nil }
        return Int(stem.dropFirst(baseStem.count + 1))
    }
}
