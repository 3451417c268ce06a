import FolioFiles
import FolioSandbox

/// Which entries of `Documents/` a listing counts — documents and folders, of one kind or of any
/// (a subdirectory is of kind ``DocumentKind/folder``; a symbolic link is neither) — decided on
/// the bytes of each entry's name, so a listing of a hundred thousand entries makes a `String`
/// only of the names it keeps.
///
/// The rules are the library's own, applied to the name a ``DocumentLibrary`` would see: a name
/// whose bytes are all ASCII is its own UTF-8, and is checked byte by byte (what
/// `DocumentLibrary.isDocumentName(_:)` and ``DocumentLibrary/kind(ofDocumentNamed:)`` decide
/// for ASCII text); any other name is made a `String` as a directory walk makes it (invalid UTF-8
/// repaired) and checked by those functions themselves, so both ways agree on every name.
struct DocumentEntryFilter: Sendable {
    /// The library's kinds, in order, each with its extension lowercased: as UTF-8 bytes when
    /// they are ASCII (then equal text is equal bytes), as text otherwise.
    private let kinds: [(kind: DocumentKind, bytes: [UInt8]?, text: String)]
    /// The kind listed, or nil for every document.
    let kind: DocumentKind?
    /// The library, for names that are not ASCII.
    private let library: DocumentLibrary

    init(library: DocumentLibrary, kind: DocumentKind?) {
        self.library = library
        self.kind = kind
        kinds = library.kinds.map { kind in
            let text = (kind.fileExtension ?? "").lowercased()
            return (kind, text.utf8.allSatisfy { $0 < 0x80 } ? Array(text.utf8) : nil, text)
        }
    }

    /// Calls `body` with the name's UTF-8 bytes when `entry` is a document or folder of the kind
    /// listed, and returns what it returns; nil (without calling it) otherwise.
    func withDocumentName<Result>(
        _ entry: ScannedEntry, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        let isFolder = entry.type == .directory
        guard entry.type == .regular || isFolder else { return nil }
        if let kind, isFolder != (kind == DocumentKind.folder) { return nil }
        let name = entry.name
        guard let first = name.first, first != UInt8(ascii: ".") else { return nil }
        if name.allSatisfy({ $0 < 0x80 }) {
            guard FileName.isValid(utf8: name) else { return nil }
            if !isFolder, let kind, !isASCIIName(name, ofKind: kind) { return nil }
            return body(name)
        }
        // As `DirectoryReader` makes an entry's name: invalid UTF-8 repaired with U+FFFD.
        var string = String(validating: name, as: UTF8.self) ?? String(decoding: name, as: UTF8.self)
        guard DocumentLibrary.isDocumentName(string) else { return nil }
        if !isFolder, let kind, library.kind(ofDocumentNamed: string) != kind { return nil }
        return string.withUTF8 { body($0) }
    }

    /// ``DocumentLibrary/kind(ofDocumentNamed:)`` for an ASCII name: the first kind whose
    /// extension is the name's (after its last dot, not a leading one), ignoring case; else generic.
    private func isASCIIName(_ name: UnsafeBufferPointer<UInt8>, ofKind wanted: DocumentKind) -> Bool {
        var dot = name.count - 1
        while dot > 0 && name[dot] != UInt8(ascii: ".") { dot -= 1 }
        guard dot > 0, dot < name.count - 1 else { return wanted == .generic }
        let fileExtension = UnsafeBufferPointer(rebasing: name[(dot + 1)...])
        let lowercased = fileExtension.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        for candidate in kinds {
            // Text equality is canonical equivalence: a non-ASCII extension is compared as text.
            let matches =
                candidate.bytes.map { $0 == lowercased }
                ?? (candidate.text == String(decoding: lowercased, as: UTF8.self))
            if matches { return candidate.kind == wanted }
        }
        return wanted == .generic
    }
}
