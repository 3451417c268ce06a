import FolioCore
import FolioDocuments
import FolioHTTP
import FolioSandbox
import Foundation

/// `/api/documents`, `/api/current`, `/api/trash`: the document library — list, new, rename,
/// delete to the trash, restore, the current document, and contents with `ETag` / `If-Match`.
struct DocumentsAPI {
    let library: DocumentLibrary
    /// Pages of the list already sent, while the library has not changed.
    let listings: ListingCache

    struct NewDocument: Decodable {
        var kind: String?
        /// The folder to create it in; empty or absent for the top level.
        var folder: String?
        /// A new folder's name (with `kind` "folder").
        var name: String?
    }

    struct Move: Decodable {
        /// The folder to move into; empty for the top level.
        var to: String
    }

    struct Rename: Decodable {
        var to: String
    }

    struct Selection: Decodable {
        var name: String
    }

    var routes: [Route] {
        [
            Route(
                .get, "/api/documents",
                summary: "One page of the documents, sorted by name or date, with the current document's name",
                query: [
                    .init("offset", "first document of the page (default 0)"),
                    .init("limit", "documents in the page (default 50, at most 1000)"),
                    .init("sort", "name (default), date, -name or -date"),
                    .init(
                        "kind",
                        "only documents of this kind (drawing, note, generic, folder): one section of the browser"
                    ),
                    .init(
                        "folder",
                        "the folder of Documents/ to list (Projects/2026); folders are listed with kind folder"),
                ]
            ) { try list($0) },
            Route(
                .post, "/api/documents",
                summary:
                    "New: create and select an untitled document {kind, folder}; New Folder: {kind: folder, name, folder}",
                body: .json
            ) {
                try create($0)
            },
            // The routes that end in a word come first: a `{name...}` would take the word too.
            Route(
                .get, "/api/documents/{name...}/prompts",
                summary: "The rename sheet's and the delete alert's sentences for a document, as a person reads them"
            ) { request in
                let document = try library.item(named: DocumentsAPI.name(request))
                return .json(
                    DocumentSheets(document: document, isCurrent: try library.currentDocumentName() == document.name))
            },
            Route(
                .get, "/api/documents/{name...}",
                summary: "A document's contents (a drawing as JSON, a note as text) with its version as ETag"
            ) { try read($0) },
            Route(
                .put, "/api/documents/{name...}",
                summary: "Save a document; If-Match must name the version it is based on (412 if it changed since)",
                query: [
                    .init(
                        "onConflict",
                        "keepBoth: if it changed since, save as a new document beside it (201) instead of 412")
                ],
                body: .json
            ) { try save($0) },
            Route(
                .post, "/api/documents/{name...}/rename",
                summary: "Rename {to} (the extension is kept); 409 with the seed's message if the name is taken",
                body: .json
            ) { try rename($0) },
            Route(
                .post, "/api/documents/{name...}/move",
                summary:
                    "Move a document or folder into the folder {to} (empty: the top level); 409 if the name is taken",
                body: .json
            ) { request in
                let body: Move = try DocumentsAPI.decode(request)
                return .json(try library.move(DocumentsAPI.name(request), toFolder: body.to))
            },
            Route(
                .delete, "/api/documents/{name...}", summary: "Delete: move to the trash; a neighbour becomes current"
            ) {
                request in
                .json(try library.delete(DocumentsAPI.name(request)))
            },
            Route(.get, "/api/current", summary: "The current document") { _ in
                .json(try library.currentDocument())
            },
            Route(.put, "/api/current", summary: "Switch the current document {name}", body: .json) { request in
                let selection: Selection = try DocumentsAPI.decode(request)
                return .json(try library.select(selection.name))
            },
            Route(.get, "/api/recents", summary: "The documents opened last") { _ in
                .json(try library.recentDocuments())
            },
            Route(.get, "/api/trash", summary: "Recently Deleted: the trash, newest first", cost: .slow) { _ in
                .json(try library.trashedDocuments())
            },
            Route(
                .post, "/api/trash/{id}/restore",
                summary: "Restore a trashed document (under a numbered name if its name was taken again)"
            ) { request in
                .json(try library.restore(request.parameter("id")))
            },
            Route(
                .delete, "/api/trash/{id}",
                summary: "Delete one trashed document for good (its id, or its original name); answers the item"
            ) { request in
                .json(try library.destroyTrashItem(request.parameter("id")))
            },
            Route(.delete, "/api/trash", summary: "Empty the trash", cost: .slow) { _ in
                .json(["removed": try library.emptyTrash()])
            },
            Route(
                .get, "/api/library", summary: "App Info: documents by kind and size, the trash, the current document",
                cost: .slow
            ) { _ in
                .json(try library.info(applicationVersion: InfoAPI.version))
            },
        ]
    }

    /// The document named by the route's `{name...}`: its path in `Documents/`, sent as one
    /// percent-encoded component (`Projects%2FNested.txt`, never ambiguous) or one per folder.
    static func name(_ request: RouteRequest) -> String {
        request.rest("name").joined(separator: "/")
    }

    static func decode<Value: Decodable>(_ request: RouteRequest) throws -> Value {
        do {
            return try FolioJSON.decoder().decode(Value.self, from: request.body)
        } catch {
            throw HTTPError.badRequest("the body is not the JSON this request needs: \(CodingProblem.describe(error))")
        }
    }

    private func list(_ request: RouteRequest) throws -> HTTPResponse {
        // The page kept for the same question, when the library has not changed since. A folder's
        // page is never kept: the change stream follows the top level only.
        let folder = request.query("folder") ?? ""
        let key = ListingCache.key(for: request.request.query)
        let cached = listings.lookup(key)
        if let page = cached.page, folder.isEmpty {
            return .json(shared: page)
        }
        let (offset, limit) = try request.page(defaultLimit: 50, maxLimit: 1000)
        let order = try DocumentOrder(parsing: request.query("sort") ?? DocumentOrder.name.spelling)
        struct Listing: Encodable {
            var page: DocumentPage
            var current: String?
        }
        var kind: DocumentKind?
        if let identifier = request.query("kind") {
            switch identifier {
            case DocumentKind.generic.identifier: kind = .generic
            case DocumentKind.folder.identifier: kind = .folder
            default: kind = try library.kind(identifier: identifier)
            }
        }
        let response = HTTPResponse.json(
            Listing(
                page: try library.documents(
                    sortedBy: order, offset: offset, limit: limit, kind: kind, in: folder),
                current: try library.currentDocumentName()))
        guard case .bytes(let encoded) = response.body, response.status == .ok, folder.isEmpty else { return response }
        let page = SharedBytes(encoded)
        listings.store(page, for: key, readAt: cached.generation)
        return .json(shared: page)
    }

    private func create(_ request: RouteRequest) throws -> HTTPResponse {
        let body: NewDocument = request.body.isEmpty ? NewDocument() : try DocumentsAPI.decode(request)
        let folder = body.folder ?? ""
        if body.kind == DocumentKind.folder.identifier {
            guard let name = body.name else {
                throw HTTPError.badRequest("a new folder needs a name")
            }
            return .json(try library.createFolder(Document.name(name, inFolder: folder)), status: .created)
        }
        var kind: DocumentKind?
        if let identifier = body.kind {
            kind = try library.kind(identifier: identifier)
        }
        return .json(try library.createDocument(kind: kind, in: folder), status: .created)
    }

    private func read(_ request: RouteRequest) throws -> HTTPResponse {
        let snapshot = try library.read(DocumentsAPI.name(request))
        var headers = HTTPHeaders()
        headers.set("ETag", "\"\(snapshot.document.version)\"")
        switch snapshot.document.kind {
        case .drawing:
            headers.set("Content-Type", "application/json")
            return HTTPResponse(headers: headers, body: .bytes(try FolioJSON.encoder().encode(try snapshot.drawing())))
        case .note:
            headers.set("Content-Type", "text/plain; charset=utf-8")
            return HTTPResponse(headers: headers, body: .bytes(Data(try snapshot.text().utf8)))
        default:
            headers.set("Content-Type", MediaType.forName(snapshot.document.name))
            headers.set("Content-Security-Policy", SecurityHeaders.userContentPolicy)
            return HTTPResponse(headers: headers, body: .bytes(snapshot.contents))
        }
    }

    private func save(_ request: RouteRequest) throws -> HTTPResponse {
        let name = DocumentsAPI.name(request)
        let version = try IfMatch.version(
            of: request, missing: "a save must say which version it is based on (If-Match: the document's ETag)",
            kind: "a document version", parse: DocumentVersion.init)
        var keepsBoth = false
        if let choice = request.query("onConflict") {
            guard choice == "keepBoth" else {
                throw HTTPError.badRequest("onConflict must be keepBoth, not \(JSONString.quoted(choice))")
            }
            keepsBoth = true
        }
        // The library describes the document once; its kind says what the body is.
        let document = try library.document(named: name)
        let contents: DocumentContents
        switch document.kind {
        case .drawing:
            contents = .drawing(try DocumentsAPI.decode(request))
        case .note:
            guard let text = String(data: request.body, encoding: .utf8) else {
                throw HTTPError.badRequest("a note is UTF-8 text")
            }
            contents = .text(text)
        default:
            contents = .bytes(request.body)
        }
        guard keepsBoth else {
            let saved = try library.save(contents, to: document, basedOn: version)
            var response = HTTPResponse.json(saved)
            response.headers.set("ETag", "\"\(saved.version)\"")
            return response
        }
        let outcome = try library.saveKeepingBoth(contents, to: document, basedOn: version)
        var response = HTTPResponse.json(outcome.document, status: outcome.keptBoth ? .created : .ok)
        response.headers.set("ETag", "\"\(outcome.document.version)\"")
        return response
    }

    private func rename(_ request: RouteRequest) throws -> HTTPResponse {
        let body: Rename = try DocumentsAPI.decode(request)
        return .json(try library.rename(DocumentsAPI.name(request), to: body.to))
    }
}
