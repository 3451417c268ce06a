import FolioArchive
import FolioFiles
import FolioSandbox
import Foundation
import Synchronization

/// The documents of a container: the `Documents/` directory seen as a library with a current
/// document, untitled names that never collide, renames that never overwrite, a trash, saves that
/// detect conflicting changes, recents, and live change events.
///
/// It is Dudel's shared file list, made safe: every check is made against the disk at the moment
/// of the change (an exclusive create, a no-clobber rename, a swap-and-verify save), never
/// against a list read earlier, so two windows, two processes or another program cannot make it
/// overwrite a document. Deleting moves a document to `Library/Trash/`; only emptying the trash
/// (or its 30-day purge) destroys anything.
///
/// Documents are the regular files directly in `Documents/` whose names do not start with a dot;
/// their kind comes from the extension (``DocumentKind``). The current document and the recent
/// ones are kept in `Library/Preferences/documents.json`, so they survive a restart.
///
/// ```swift
/// let library = DocumentLibrary(container: container)
/// let drawing = try library.createDocument(kind: .drawing)         // "Untitled 2026-11-29 20.57.33.dudeldoc", now current
/// let renamed = try library.rename(drawing.name, to: "Garden")      // "Garden.dudeldoc"
/// let page = try library.documents(sortedBy: .name, offset: 0, limit: 50)
/// try library.delete(renamed.name)                                  // to the trash; a neighbour becomes current
/// ```
///
/// A library is cheap to create and safe to share between tasks and threads. Several libraries
/// (and processes) may work on one container at once.
public final class DocumentLibrary: Sendable {
    /// The container whose `Documents/` this library manages.
    public let container: Container
    /// File access in the container.
    public let files: Files
    /// The kinds of document the library creates and recognises; the first is the default for New.
    public let kinds: [DocumentKind]
    /// How long deleted documents stay in the trash before they are purged (nil: until emptied).
    public let trashRetention: Duration?
    /// The clock the library reads for untitled names, deletion dates and trash purges.
    let clock: @Sendable () -> Date
    /// The number to try first for the next untitled name with the same stem, so a thousand
    /// "New" in one second cost a thousand names tried, not half a million.
    let untitledHint = Mutex<UntitledHint?>(nil)
    /// The documents' orders kept in memory, when ``startLiveOrder()`` asked for them.
    let liveOrder = Mutex<LiveDocumentOrder?>(nil)

    /// The 30 days deleted documents stay in the trash by default.
    public static let defaultTrashRetention: Duration = .seconds(30 * 24 * 3600)

    /// A library over `container`'s `Documents/`.
    ///
    /// - Parameters:
    ///   - kinds: the kinds to create and recognise, each with an extension; the first is the
    ///     default for ``createDocument(kind:selecting:)``.
    ///   - trashRetention: how long the trash keeps a document; nil keeps them until emptied.
    ///   - clock: the current time (tests pass a fixed one).
    public init(
        container: Container,
        kinds: [DocumentKind] = [.drawing, .note],
        trashRetention: Duration? = DocumentLibrary.defaultTrashRetention,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        precondition(!kinds.isEmpty, "a document library needs at least one kind")
        precondition(kinds.allSatisfy { $0.fileExtension != nil }, "every document kind needs an extension")
        self.container = container
        self.files = Files(container)
        self.kinds = kinds
        self.trashRetention = trashRetention
        self.clock = clock
    }

    /// The kind a new document gets unless another is asked for.
    public var defaultKind: DocumentKind {
        kinds[0]
    }

    /// The kind of the document named `name` (a file name, or a path in a folder): the kind whose
    /// extension it has (ignoring case), else ``DocumentKind/generic``.
    public func kind(ofDocumentNamed name: String) -> DocumentKind {
        let fileName = name.split(separator: "/").last.map(String.init) ?? name
        let fileExtension = FileName.split(fileName).extension.lowercased()
        guard !fileExtension.isEmpty else { return .generic }
        return kinds.first { $0.fileExtension?.lowercased() == fileExtension } ?? .generic
    }

    /// The kind with this identifier (`drawing`, `note`).
    ///
    /// - Throws: ``DocumentError`` `.unknownKind`, naming the kinds there are.
    public func kind(identifier: String) throws(DocumentError) -> DocumentKind {
        guard let kind = kinds.first(where: { $0.identifier == identifier }) else {
            throw DocumentError(
                .unknownKind, operation: "new", subject: identifier,
                reason: "there is no document kind '\(identifier)' (kinds: "
                    + kinds.map(\.identifier).joined(separator: ", ") + ")")
        }
        return kind
    }

    /// Whether a directory entry called `name` is listed as a document (visible, not hidden).
    static func isDocumentName(_ name: String) -> Bool {
        !name.hasPrefix(".") && FileName.isValid(name)
    }

    /// Whether `name` can name a document: a name, or a path of names, relative to `Documents/`,
    /// each one listed (visible, valid).
    static func isDocumentReference(_ name: String) -> Bool {
        name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { isDocumentName(String($0)) }
    }

    /// The path of the document (or folder) named `name` — its path relative to `Documents/`,
    /// `Projects/Nested.txt` for one in a folder — refusing names that cannot be documents.
    ///
    /// Each component follows the naming rules and does not begin with a dot (no `..`, no empty
    /// component, no `/` inside one), and each folder on the way must be a directory of its own
    /// in `Documents/`, never a symbolic link (which could lead to `Library/`). The folders are
    /// checked here for a clear error, and the path refuses symbolic links when it is opened, so a
    /// folder swapped for a link after the check cannot redirect what is done with it.
    func documentPath(_ name: String, operation: String) throws(DocumentError) -> SandboxPath {
        let components = try DocumentLibrary.components(of: name, operation: operation)
        let path = try DocumentError.translating(operation) {
            try SandboxPath.documents.refusingSymbolicLinks().appending(components: components)
        }
        try requireFolders(leadingTo: path, operation: operation)
        return path
    }

    /// The components of a name relative to `Documents/`, each checked against the naming rules.
    static func components(of name: String, operation: String) throws(DocumentError) -> [String] {
        let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for component in components {
            if let rule = FileName.brokenRule(component) {
                throw DocumentError(
                    .invalidName, operation: operation, subject: FileName.quoted(name),
                    reason: components.count > 1 && component.isEmpty ? "a folder path has an empty component" : rule)
            }
            if component.hasPrefix(".") {
                throw DocumentError(
                    .invalidName, operation: operation, subject: FileName.quoted(name),
                    reason: "a document or folder name cannot begin with '.' (it would be hidden)")
            }
        }
        return components
    }

    /// Refuses a path whose folders (every component but the last) are not directories in
    /// `Documents/`: a symbolic link on the way is refused, even one that stays in the Home.
    func requireFolders(leadingTo path: SandboxPath, operation: String) throws(DocumentError) {
        for depth in 1..<max(1, path.components.count) {
            let folder: SandboxPath
            do {
                folder = try SandboxPath.documents.appending(components: Array(path.components.prefix(depth)))
            } catch {
                throw DocumentError(error, operation: operation)
            }
            let attributes: FileAttributes
            do {
                attributes = try files.basicAttributes(of: folder)
            } catch  where error.code == .notFound {
                throw DocumentError(
                    .notFound, operation: operation, subject: folder.description, reason: "there is no such folder",
                    underlying: error)
            } catch {
                throw DocumentError(error, operation: operation, subject: folder.description)
            }
            guard attributes.type == .directory else {
                throw DocumentError(
                    .notAFolder, operation: operation, subject: folder.description,
                    reason: attributes.type == .symbolicLink
                        ? "a symbolic link is not a folder of the library" : "it is not a folder")
            }
        }
    }
}

/// Where the untitled numbering continues.
struct UntitledHint: Sendable {
    /// The untitled name without a number, e.g. `Untitled 2026-11-29 20.57.33.dudeldoc`.
    var name: String
    /// The next number to try.
    var next: Int
}
