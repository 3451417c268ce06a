import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// The documents a new container starts with, so the app has something to show the first time it
/// opens: two drawings, two notes and the Simpsons table.
///
/// The samples are added once per container. A marker in `Library/Preferences/` is claimed with an
/// exclusive create before anything is added, so two processes starting at once add them once, and
/// a sample that was deleted never comes back. A container whose library already holds documents
/// (one used with `folio doc` before) is left as it is. The drawings and notes are created through
/// the ``DocumentLibrary`` like any New, then renamed and saved; the Simpsons table is copied from
/// the bundle's `Samples/simpsons.csv`. (`tmp/file.html` and `Library/Database/financial.db` come
/// from the bundle's provisioning manifest, not from here.)
///
/// ```swift
/// let added = try SampleContent(library: DocumentLibrary(container: container)).installIfFirstLaunch()
/// ```
///
/// The CLI and `folio serve` both reach this through ``FolioSandbox/Container/provisionForFirstUse()``,
/// so a container gets its samples on first use, whichever opens it.
public struct SampleContent: Sendable {
    /// The library the samples go into.
    public let library: DocumentLibrary

    /// The marker that says the samples were offered: `Library/Preferences/SampleContent.json`.
    public static let markerPath = "Library/Preferences/SampleContent.json"

    /// The bundle resource copied into `Documents/` as a table document.
    public static let tableResource = "Folio.app/Samples/simpsons.csv"

    /// Samples for `library`.
    public init(library: DocumentLibrary) {
        self.library = library
    }

    /// Adds the samples unless this container had them (or had documents) before.
    ///
    /// - Returns: the names of the documents added, in order; empty when nothing was added.
    /// - Throws: ``FileError`` or ``DocumentError`` when the marker or a sample cannot be written.
    @discardableResult
    public func installIfFirstLaunch() throws -> [String] {
        guard try claimMarker() else { return [] }
        guard try library.documentCount() == 0 else { return [] }
        var added: [String] = []
        for sample in SampleContent.notes {
            added.append(try addNote(title: sample.title, text: sample.text))
        }
        for sample in SampleContent.drawings {
            added.append(try addDrawing(title: sample.title, drawing: sample.drawing))
        }
        let table = try SandboxPath.documents.appending("simpsons.csv")
        try library.files.copy(try SandboxPath(parsing: SampleContent.tableResource), to: table)
        added.append("simpsons.csv")
        if let first = added.first {
            try library.select(first)
        }
        return added
    }

    /// Creates the marker; false when it was already there.
    private func claimMarker() throws -> Bool {
        let marker = try SandboxPath(parsing: SampleContent.markerPath)
        // Every command passes here: one look settles it once the samples were offered (the
        // exclusive create below still decides between two first launches).
        guard try !library.files.exists(marker) else { return false }
        let data = try FolioJSON.encode(["installed": Date()])
        do {
            try library.files.write(
                data, to: marker,
                options: WriteOptions(isExclusive: true, createsIntermediateDirectories: true))
            return true
        } catch {
            guard error.code == .alreadyExists else { throw error }
            return false
        }
    }

    private func addNote(title: String, text: String) throws -> String {
        let created = try library.createDocument(kind: .note, selecting: false)
        let saved = try library.save(text: text, to: created.name, basedOn: created.version)
        return try library.rename(saved.name, to: title).name
    }

    private func addDrawing(title: String, drawing: Drawing) throws -> String {
        let created = try library.createDocument(kind: .drawing, selecting: false)
        let saved = try library.save(drawing, to: created.name, basedOn: created.version)
        return try library.rename(saved.name, to: title).name
    }
}
