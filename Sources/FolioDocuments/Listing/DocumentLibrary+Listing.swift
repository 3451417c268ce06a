import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

extension DocumentLibrary {
    /// One page of the documents, sorted: what a browser shows first, without reading the rest.
    ///
    /// The library is read once, as a stream: by name with one `getdents64` per two thousand
    /// entries and no per-file call; by date with one `statx` per file. Only the `offset + limit`
    /// first documents of the order are kept while reading (a bounded heap), so the first page of
    /// a hundred thousand documents holds fifty names in memory, not a hundred thousand. Only the
    /// documents on the page are then described (size, dates, version). A document removed between
    /// the two steps is left out of the page.
    ///
    /// By name, the first and last thousand names are also kept in `Library/Caches/` for as long
    /// as `Documents/` does not change, so the first twenty pages either way cost no directory
    /// read until the next change (see the cache's rules in the source, `NameOrderCache`). A
    /// library that keeps its order live (``startLiveOrder()``) answers every page, either order,
    /// from memory brought up to date with the changes since the last page.
    ///
    /// Given a `kind`, only documents of that kind are listed and counted: one section of a
    /// browser that groups documents by kind. Such a page is read from the directory (the name
    /// cache holds every kind together).
    ///
    /// Folders are listed with the documents, as documents of kind ``DocumentKind/folder``, and
    /// sorted with them — by name among the names, by date among the dates — as iOS Files sorts
    /// them. A folder's listing (`folder` given) is read from its directory each time; the cache
    /// and the live order keep only the top level, where a large library lives. Its documents'
    /// names are their paths, `Projects/Nested.txt`.
    ///
    /// - Parameters:
    ///   - order: the sort order (``DocumentOrder/name`` by default).
    ///   - offset: how many documents of the order to skip.
    ///   - limit: the most documents to return.
    ///   - kind: only documents of this kind (``DocumentKind/generic`` for those no kind claims,
    ///     ``DocumentKind/folder`` for the folders); nil for all.
    ///   - folder: the folder to list, relative to `Documents/` (`Projects/2026`); empty for the
    ///     top level.
    /// - Returns: the page and the total number of documents and folders (of `kind`, when given).
    /// - Throws: ``DocumentError`` `.notFound` for a folder that does not exist, `.notAFolder` for
    ///   a path that is a document or a symbolic link, `.invalidName` for a path that breaks the
    ///   naming rules.
    /// - Complexity: O(n log k) time for n documents and k = `offset + limit`, and O(k) memory —
    ///   by name at least the cache's 2,000 names; O(k) time when the name cache is valid.
    public func documents(
        sortedBy order: DocumentOrder = .name,
        offset: Int = 0,
        limit: Int = 50,
        kind: DocumentKind? = nil,
        in folder: String = ""
    ) throws(DocumentError) -> DocumentPage {
        let offset = max(0, offset)
        let limit = max(0, limit)
        let (sum, overflow) = offset.addingReportingOverflow(limit)
        let needed = overflow ? Int.max : sum
        let names: [String]
        let total: Int
        if !folder.isEmpty {
            let directory = try folderPath(folder, operation: "list")
            (names, total) = try folderPage(
                order, in: directory, prefix: folder + "/", offset: offset, needed: needed, kind: kind)
        } else if let live = liveOrder.withLock({ $0 }),
            let page = live.page(order, offset: offset, limit: limit, kind: kind, library: self)
        {
            (names, total) = page
        } else {
            (names, total) = try scannedPage(order, offset: offset, needed: needed, kind: kind)
        }
        var documents: [Document] = []
        documents.reserveCapacity(names.count)
        for name in names {
            if let document = try describeIfPresent(name, operation: "list", includingFolders: true) {
                documents.append(document)
            }
        }
        return DocumentPage(documents: documents, total: total, offset: offset, limit: limit)
    }

    /// The names of a page and the total, read from the directory (by name, from the name cache
    /// when it is valid).
    private func scannedPage(
        _ order: DocumentOrder, offset: Int, needed: Int, kind: DocumentKind?
    ) throws(DocumentError) -> ([String], Int) {
        switch order.key {
        case .name:
            return try namesInOrder(ascending: order.isAscending, offset: offset, needed: needed, kind: kind)
        case .date:
            let ascending = order.isAscending
            let selection = try scanDocuments(detail: .basic, kind: kind) {
                DateSelection(capacity: needed, ascending: ascending)
            } offer: { selection, name, entry in
                selection.offer(name, date: entry.modificationDate ?? .distantPast)
            } merge: {
                $0.merge($1)
            }
            return (Array(selection.names.dropFirst(offset)), selection.total)
        }
    }

    /// The names of a page of a folder and the total, read from its directory; each name is
    /// `prefix` (the folder and a slash) and the entry's name.
    private func folderPage(
        _ order: DocumentOrder, in directory: SandboxPath, prefix: String, offset: Int, needed: Int,
        kind: DocumentKind?
    ) throws(DocumentError) -> ([String], Int) {
        let ascending = order.isAscending
        switch order.key {
        case .name:
            let selection = try scanDocuments(in: directory, detail: .names, kind: kind) {
                NameSelection(first: ascending ? needed : 0, last: ascending ? 0 : needed)
            } offer: { selection, name, _ in
                selection.offer(name)
            } merge: {
                $0.merge($1)
            }
            let names = ascending ? selection.ascending : selection.descending
            return (names.prefix(needed).dropFirst(offset).map { prefix + $0 }, selection.total)
        case .date:
            let selection = try scanDocuments(in: directory, detail: .basic, kind: kind) {
                DateSelection(capacity: needed, ascending: ascending)
            } offer: { selection, name, entry in
                selection.offer(name, date: entry.modificationDate ?? .distantPast)
            } merge: {
                $0.merge($1)
            }
            return (selection.names.dropFirst(offset).map { prefix + $0 }, selection.total)
        }
    }

    /// The names of a page by name, and the total: from the cache when it is valid, otherwise by
    /// reading the directory (and keeping the cache for next time).
    private func namesInOrder(
        ascending: Bool, offset: Int, needed: Int, kind: DocumentKind?
    ) throws(DocumentError) -> ([String], Int) {
        let cacheable = kind == nil && needed <= NameOrderCache.capacity
        let stamp = cacheable ? try documentsStamp() : nil
        if let stamp, let cache = nameOrderCache(for: stamp) {
            let names = ascending ? cache.ascending : cache.descending
            return (Array(names.prefix(needed).dropFirst(offset)), cache.total)
        }
        let capacity = cacheable ? NameOrderCache.capacity : needed
        let first = cacheable || ascending ? capacity : 0
        let last = cacheable || !ascending ? capacity : 0
        let selection = try scanDocuments(detail: .names, kind: kind) {
            NameSelection(first: first, last: last)
        } offer: { selection, name, _ in
            selection.offer(name)
        } merge: {
            $0.merge($1)
        }
        let total = selection.total
        let ascendingNames = selection.ascending
        let descendingNames = selection.descending
        if let stamp {
            storeNameOrderCache(
                NameOrderCache(stamp: stamp.text, total: total, ascending: ascendingNames, descending: descendingNames),
                readFrom: stamp)
        }
        let names = ascending ? ascendingNames : descendingNames
        return (Array(names.prefix(needed).dropFirst(offset)), total)
    }

    /// Every document and folder of the top level, sorted.
    ///
    /// - Complexity: O(n log n) time and O(n) memory; prefer ``documents(sortedBy:offset:limit:)``
    ///   for a large library.
    public func allDocuments(sortedBy order: DocumentOrder = .name) throws(DocumentError) -> [Document] {
        try documents(sortedBy: order, offset: 0, limit: Int.max).documents
    }

    /// Whether the document named `name` is of `kind` (any kind when nil).
    private func isDocument(_ name: String, ofKind kind: DocumentKind?) -> Bool {
        kind.map { self.kind(ofDocumentNamed: name) == $0 } ?? true
    }

    /// The number of documents.
    ///
    /// - Complexity: O(n), one directory read.
    public func documentCount() throws(DocumentError) -> Int {
        var count = 0
        try forEachDocumentEntry(detail: .names, operation: "count") { _ in count += 1 }
        return count
    }

    /// The document named `name` (its file name, extension included).
    ///
    /// - Throws: ``DocumentError`` `.notFound`, or `.invalidName` for a name no document can have.
    public func document(named name: String) throws(DocumentError) -> Document {
        guard let document = try describeIfPresent(name, operation: "open") else {
            throw DocumentError(
                .notFound, operation: "open", subject: "Documents/" + UntrustedText.escaped(name),
                reason: "there is no document with that name")
        }
        return document
    }

    /// The document a person means by `text`: the one named exactly so (a folder too, when
    /// `text` names one), else the only one whose title (name without extension) is `text`. In a
    /// folder, `Projects/Nested` means the only document titled `Nested` in `Projects`.
    ///
    /// - Throws: ``DocumentError`` `.notFound`, or `.ambiguous` naming the documents that match.
    /// - Complexity: O(1) for an exact name, else one directory read.
    public func document(matching text: String) throws(DocumentError) -> Document {
        if DocumentLibrary.isDocumentReference(text),
            let document = try describeIfPresent(text, operation: "open", includingFolders: true)
        {
            return document
        }
        let slash = text.lastIndex(of: "/")
        let prefix = slash.map { String(text[...$0]) } ?? ""
        let title = String(text.dropFirst(prefix.count))
        let subject = "Documents/" + UntrustedText.escaped(text)
        let directory: SandboxPath
        do {
            directory = try folderPath(String(prefix.dropLast()), operation: "open")
        } catch  where error.code == .notAFolder || error.code == .invalidName {
            throw DocumentError(
                .notFound, operation: "open", subject: subject, reason: "there is no document with that name")
        }
        var matches: [String] = []
        try forEachDocumentEntry(in: directory, detail: .names, operation: "open") { entry in
            if FileName.split(entry.name).stem == title {
                matches.append(prefix + entry.name)
            }
        }
        switch matches.count {
        case 0:
            throw DocumentError(
                .notFound, operation: "open", subject: subject, reason: "there is no document with that name")
        case 1:
            return try document(named: matches[0])
        default:
            throw DocumentError(
                .ambiguous, operation: "open", subject: subject,
                reason: "several documents have that title: "
                    + matches.sorted(by: DocumentNameOrder.precedes).joined(separator: ", "))
        }
    }

    /// The threads a listing reads `Documents/` with: one per core, up to four.
    static let listingConcurrency = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// Reads `Documents/` on every core, each thread folding the documents (of `kind`, when
    /// given) it reads into its own `Partial`, and merges those: a listing that keeps a summary
    /// makes no `String` for a name it does not keep.
    ///
    /// - Parameters:
    ///   - offer: folds a document — its name's UTF-8 bytes (valid during the call) and its entry
    ///     — into a partial result.
    ///   - merge: adds a second partial result to the first.
    func scanDocuments<Partial: Sendable>(
        in directory: SandboxPath = .documents,
        detail: WalkOptions.Detail,
        kind: DocumentKind?,
        start: @escaping @Sendable () -> Partial,
        offer: @escaping @Sendable (inout Partial, UnsafeBufferPointer<UInt8>, ScannedEntry) -> Void,
        merge: (inout Partial, Partial) -> Void
    ) throws(DocumentError) -> Partial {
        let filter = DocumentEntryFilter(library: self, kind: kind)
        let partials = try DocumentError.translating("list", subject: directory.description) {
            () throws(FileError) in
            try files.scan(directory, detail: detail, concurrency: DocumentLibrary.listingConcurrency, start: start) {
                partial, entry in
                _ = filter.withDocumentName(entry) { name in offer(&partial, name, entry) }
            }
        }
        var result = start()
        for partial in partials {
            merge(&result, partial)
        }
        return result
    }

    /// Calls `body` for each document's directory entry (of `Documents/`, or of the folder
    /// `directory`), in the order the filesystem returns them.
    func forEachDocumentEntry(
        in directory: SandboxPath = .documents,
        detail: WalkOptions.Detail,
        operation: String,
        _ body: (WalkEntry) throws -> Void
    ) throws(DocumentError) {
        try DocumentError.translating(operation, subject: directory.description) {
            let walker = try files.walk(
                directory,
                options: WalkOptions(isRecursive: false, detail: detail, order: .filesystem, includesHidden: false))
            while let entry = walker.next() {
                if entry.type == .regular && DocumentLibrary.isDocumentName(entry.name) {
                    try body(entry)
                }
            }
            if let problem = walker.problems.first {
                throw problem
            }
        }
    }

    /// The document named `name`, or nil when there is none (or it is not a regular file, or a
    /// directory when `includingFolders`: then a ``DocumentKind/folder``); `kind`, when the
    /// caller already knows it, is not worked out again. A name whose folders are gone is none.
    func describeIfPresent(
        _ name: String, operation: String, kind known: DocumentKind? = nil, includingFolders: Bool = false
    ) throws(DocumentError) -> Document? {
        let path: SandboxPath
        do {
            path = try documentPath(name, operation: operation)
        } catch  where error.code == .notFound {
            return nil
        }
        let attributes: FileAttributes
        do {
            attributes = try files.basicAttributes(of: path)
        } catch  where error.code == .notFound {
            return nil
        } catch {
            throw DocumentError.wrapping(error, operation: operation, subject: path.description)
        }
        let isFolder = attributes.type == .directory && includingFolders
        guard attributes.type == .regular || isFolder else { return nil }
        return Document(
            name: name, kind: isFolder ? DocumentKind.folder : known ?? kind(ofDocumentNamed: name),
            size: attributes.size,
            modificationTime: attributes.modificationTime, creationTime: attributes.creationTime,
            version: attributes.version)
    }

    /// The document after `name` in name order, else the one before it: what becomes current when
    /// `name` is gone.
    /// For a document in a folder, the neighbour is in the same folder (none when the folder is
    /// gone).
    func neighbour(of name: String, operation: String) throws(DocumentError) -> Document? {
        var next: String?
        var previous: String?
        // A name no document can have (a damaged preference) has its neighbours at the top level.
        let slash = DocumentLibrary.isDocumentReference(name) ? name.lastIndex(of: "/") : nil
        let prefix = slash.map { String(name[...$0]) } ?? ""
        let directory: SandboxPath
        do {
            directory = try folderPath(String(prefix.dropLast()), operation: operation)
        } catch  where error.code == .notFound || error.code == .notAFolder {
            return nil
        }
        try forEachDocumentEntry(in: directory, detail: .names, operation: operation) { entry in
            let candidate = prefix + entry.name
            if DocumentNameOrder.precedes(name, candidate) {
                if next.map({ DocumentNameOrder.precedes(candidate, $0) }) ?? true { next = candidate }
            } else if DocumentNameOrder.precedes(candidate, name) {
                if previous.map({ DocumentNameOrder.precedes($0, candidate) }) ?? true { previous = candidate }
            }
        }
        for candidate in [next, previous].compactMap({ $0 }) {
            if let document = try describeIfPresent(candidate, operation: operation) {
                return document
            }
        }
        return nil
    }

    /// The most recently modified document, if there is any.
    /// Folders are left out: one is never current.
    func newestDocument(operation: String) throws(DocumentError) -> Document? {
        var newest: (name: String, date: Date)?
        try forEachDocumentEntry(detail: .basic, operation: operation) { entry in
            let date = entry.modificationDate ?? .distantPast
            if newest.map({ date > $0.date || (date == $0.date && DocumentNameOrder.precedes(entry.name, $0.name)) })
                ?? true
            {
                newest = (entry.name, date)
            }
        }
        guard let newest else { return nil }
        return try describeIfPresent(newest.name, operation: operation)
    }
}
