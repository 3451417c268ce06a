import FolioCore
import FolioDocuments
import FolioFiles
import FolioHTTP
import FolioRendering
import FolioSandbox
import Foundation

/// `/api/files/{path...}`: the container's files — listings, attributes, downloads with `Range`,
/// streamed uploads, attribute changes, directories, moves, copies and removal.
struct FilesAPI {
    let files: Files
    /// Thumbnails of images, cached in `Library/Caches/Thumbnails`.
    let thumbnails: ThumbnailCache
    /// The document library, which takes what is deleted in `Documents/` into its trash.
    let library: DocumentLibrary

    /// One entry of a listing.
    struct Entry: Encodable {
        var name: String
        var path: String
        var type: String
        var size: UInt64?
        var modified: UTCTime?
        var permissions: String?
        var isReadOnly: Bool
    }

    /// A directory's listing, one page of it.
    struct Listing: Encodable {
        var path: String
        var type = "directory"
        var total: Int
        var offset: Int
        var entries: [Entry]
    }

    /// A move or copy: where from, and where to (the name actually taken, when kept both).
    struct Transfer: Encodable {
        var from: String
        var to: String
        var name: String

        init(from: SandboxPath, to: SandboxPath) {
            self.from = from.description
            self.to = to.description
            self.name = to.name ?? to.description
        }
    }

    /// A file's attributes.
    struct Item: Encodable {
        var path: String
        var name: String
        var attributes: FileAttributes
    }

    var routes: [Route] {
        [
            Route(
                .get, "/api/files/{path...}",
                summary:
                    "List a directory (one page, sorted by name) or describe a file; ?raw=1 sends the bytes (with Range)",
                query: [
                    .init("raw", "1 to download the file's bytes (Range supported)"),
                    .init("offset", "first entry of the page (default 0)"),
                    .init("limit", "entries in the page (default 500, at most 5000)"),
                    .init("hidden", "1 to include names starting with '.'"),
                    .init("stat", "1 to describe a directory (its attributes) instead of listing it"),
                    .init("thumbnail", "a PNG, JPEG, GIF or WebP image's thumbnail as PNG, SIZE pixels (16 to 1024)"),
                ],
                // A listing reads a whole directory; a download is sent by the kernel.
                cost: .slowUnless { $0.flag("raw") }
            ) { try get($0) },
            Route(
                .put, "/api/files/{path...}",
                summary:
                    "Upload a file, streamed and written atomically (201 when new, 200 when it replaced one); ?exclusive=1 (or If-None-Match: *) never replaces",
                query: [.init("exclusive", "1 to fail with 409 if the file exists"), IfExists.parameter],
                cost: .slow, upload: { try upload($0) }),
            Route(
                .patch, "/api/files/{path...}",
                summary: "Change attributes (posixPermissions, modificationDate, isExtensionHidden, isImmutable, …)",
                body: .json
            ) { try patch($0) },
            Route(
                .delete, "/api/files/{path...}",
                summary:
                    "Remove a file or link (never followed); ?recursive=1 for a directory and its contents. "
                    + "A document or folder in Documents/ goes to Recently Deleted instead: the answer is its trash item",
                query: [.init("recursive", "1 to remove a directory with everything in it")],
                cost: .slow
            ) { try delete($0) },
            Route(
                .post, "/api/files/{path...}",
                summary:
                    "?mkdir=1 creates a directory (&parents=1); ?moveTo=PATH moves; ?copyTo=PATH copies (never replacing)",
                query: [
                    .init("mkdir", "1 to create the directory at the path"),
                    .init("parents", "with mkdir, create missing parents too"),
                    .init("moveTo", "move or rename the item to this container path"),
                    .init("copyTo", "copy the item (recursively) to this container path"),
                    IfExists.parameter,
                ],
                cost: .slowUnless { $0.flag("mkdir") }
            ) { try post($0) },
        ]
    }

    /// The container path named by the route's `{path...}` components (each already decoded).
    static func path(_ request: RouteRequest) throws -> SandboxPath {
        try SandboxPath(.home, request.rest("path"))
    }

    /// `path` as the `{path...}` of a route: each component percent-encoded (`Documents/a%20b.png`).
    static func encodedPath(_ path: SandboxPath) -> String {
        ([path.area.directoryName] + path.components).filter { !$0.isEmpty }.map(PercentEncoding.encodeComponent)
            .joined(separator: "/")
    }

    private func get(_ request: RouteRequest) throws -> HTTPResponse {
        let path = try FilesAPI.path(request)
        if let size = request.query("thumbnail") {
            return try thumbnail(path, size: size)
        }
        let attributes = try files.attributes(of: path, followSymbolicLinks: true)
        if attributes.type == .directory && !request.flag("raw") && !request.flag("stat") {
            return .json(try listing(path, request))
        }
        if request.flag("raw") {
            return try download(path, attributes: attributes, request: request)
        }
        return .json(
            Item(
                path: path.description, name: path.name ?? path.description, attributes: try files.attributes(of: path))
        )
    }

    private func thumbnail(_ path: SandboxPath, size text: String) throws -> HTTPResponse {
        guard let size = Int(text) else {
            throw HTTPError.badRequest(
                "thumbnail must be a number of pixels from 16 to 1024, not \(JSONString.quoted(text))")
        }
        var response = HTTPResponse.bytes(try thumbnails.thumbnail(of: path, size: size), contentType: "image/png")
        // The URL names the path, not the version: the browser asks again, the server's cache answers.
        response.headers.set("Cache-Control", "private, no-cache")
        return response
    }

    private func listing(_ path: SandboxPath, _ request: RouteRequest) throws -> Listing {
        let (offset, limit) = try request.page(defaultLimit: 500, maxLimit: 5000)
        let names = try files.contentsOfDirectory(path, detail: .basic, includesHidden: request.flag("hidden"))
        let page = names.dropFirst(offset).prefix(limit)
        let entries = try page.map { entry -> Entry in
            let child = try path.appending(entry.name)
            return Entry(
                name: entry.name, path: child.description, type: entry.type.rawValue, size: entry.size,
                modified: entry.modificationTime, permissions: entry.posixPermissions.map { String($0, radix: 8) },
                isReadOnly: !child.area.isWritable)
        }
        return Listing(path: path.description, total: names.count, offset: offset, entries: entries)
    }

    private func download(_ path: SandboxPath, attributes: FileAttributes, request: RouteRequest) throws -> HTTPResponse
    {
        guard attributes.type == .regular else {
            throw HTTPError.badRequest("\(path) is not a regular file")
        }
        let file = try files.openForReading(path)
        let size = try file.size()
        var headers = HTTPHeaders()
        headers.set("Content-Type", MediaType.forName(path.name ?? ""))
        headers.set("Accept-Ranges", "bytes")
        headers.set("Content-Security-Policy", SecurityHeaders.userContentPolicy)
        headers.set("Cache-Control", "no-cache")
        headers.set(
            "Content-Disposition", "inline; filename*=UTF-8''\(PercentEncoding.encodeComponent(path.name ?? "file"))")
        switch ByteRange.parse(request.headers["Range"], size: size) {
        case .whole:
            return HTTPResponse(headers: headers, body: .file(try file.makeFileHandle(), offset: 0, length: size))
        case .partial(let range):
            headers.set("Content-Range", "bytes \(range.offset)-\(range.offset + range.length - 1)/\(size)")
            return HTTPResponse(
                status: .partialContent, headers: headers,
                body: .file(try file.makeFileHandle(), offset: range.offset, length: range.length))
        case .unsatisfiable:
            headers.set("Content-Range", "bytes */\(size)")
            return HTTPResponse(status: .rangeNotSatisfiable, headers: headers)
        }
    }

    private func upload(_ request: RouteRequest) throws -> any UploadReceiver {
        let path = try FilesAPI.path(request)
        let exclusive = request.flag("exclusive") || request.headers["If-None-Match"] == "*"
        let ifExists = try IfExists.parse(request)
        if exclusive && ifExists != nil {
            throw HTTPError.badRequest("say either exclusive (never replace) or ifExists, not both")
        }
        let writer = try files.makeWriter(
            to: path, options: WriteOptions(isExclusive: exclusive, keepsBoth: ifExists == .keepBoth))
        return FileUploadReceiver(writer: writer, files: files)
    }

    private func patch(_ request: RouteRequest) throws -> HTTPResponse {
        let path = try FilesAPI.path(request)
        let changes: AttributeChanges
        do {
            changes = try FolioJSON.decoder().decode(AttributeChanges.self, from: request.body)
        } catch {
            throw HTTPError.badRequest("the body is not a valid set of attribute changes: \(error)")
        }
        try FilesAPI.refuseOverTheWeb(changes)
        try files.setAttributes(changes, of: path)
        return .json(
            Item(
                path: path.description, name: path.name ?? path.description, attributes: try files.attributes(of: path))
        )
    }

    /// The attribute changes the web API does not make (the command line still may): the setuid,
    /// setgid and sticky bits, which would let a page make programs that run with the server
    /// user's (or root's) rights, and new owners or groups.
    static func refuseOverTheWeb(_ changes: AttributeChanges) throws {
        if let mode = changes.posixPermissions, mode & 0o7000 != 0 {
            throw HTTPError(
                .forbidden, code: "forbiddenAttribute",
                message: "the web app does not set the setuid, setgid or sticky bits (mode \(String(mode, radix: 8)))")
        }
        if changes.ownerAccountID != nil || changes.ownerAccountName != nil || changes.groupOwnerAccountID != nil
            || changes.groupOwnerAccountName != nil
        {
            throw HTTPError(
                .forbidden, code: "forbiddenAttribute", message: "the web app does not change owners or groups")
        }
    }

    private func delete(_ request: RouteRequest) throws -> HTTPResponse {
        let path = try FilesAPI.path(request)
        if let deletion = try library.deleteIfInLibrary(path) {
            return .json(deletion.item)
        }
        let removed = try files.remove(path, recursive: request.flag("recursive"))
        return .json(["path": path.description, "removed": String(removed)])
    }

    private func post(_ request: RouteRequest) throws -> HTTPResponse {
        let path = try FilesAPI.path(request)
        if request.flag("mkdir") {
            try files.createDirectory(at: path, withIntermediateDirectories: request.flag("parents"))
            return .json(["path": path.description], status: .created)
        }
        let ifExists = try IfExists.parse(request)
        if let target = request.query("moveTo") {
            var destination = try SandboxPath(parsing: target)
            if ifExists == .keepBoth {
                destination = try files.move(path, toFreeNameAt: destination)
            } else {
                try files.move(path, to: destination, replacing: ifExists == .replace)
            }
            return .json(Transfer(from: path, to: destination))
        }
        if let target = request.query("copyTo") {
            var destination = try SandboxPath(parsing: target)
            if ifExists == .keepBoth {
                destination = try files.copy(path, toFreeNameAt: destination, options: CopyOptions(isRecursive: true))
                    .path
            } else {
                try files.copy(
                    path, to: destination, options: CopyOptions(isRecursive: true, replacing: ifExists == .replace))
            }
            return .json(Transfer(from: path, to: destination), status: .created)
        }
        throw HTTPError.badRequest("say what to do: ?mkdir=1, ?moveTo=PATH or ?copyTo=PATH")
    }
}
