import FolioCore
import FolioDocuments
import FolioHTTP
import FolioRendering
import Foundation

/// `/api/documents/{name}/pdf` and `/png`: a drawing or a note drawn by ``DocumentRenderer``, as
/// `folio doc export` draws it.
struct RenderingAPI {
    let library: DocumentLibrary
    let renderer = DocumentRenderer()

    var routes: [Route] {
        [
            Route(
                .get, "/api/documents/{name...}/pdf",
                summary: "A drawing (its page) or a note (its pages, A4 or Letter) as a PDF",
                query: [.init("paper", "a note's paper: a4 (default) or letter")],
                cost: .slow
            ) { try render($0, as: .pdf) },
            Route(
                .get, "/api/documents/{name...}/png",
                summary: "A drawing, or a note's first page, as a PNG picture",
                query: [
                    .init(
                        "size",
                        "the longer side in pixels, \(DocumentRenderer.pictureSizes.lowerBound) to "
                            + "\(DocumentRenderer.pictureSizes.upperBound) (default "
                            + "\(DocumentRenderer.defaultPictureSize)); 400 otherwise")
                ],
                cost: .slow
            ) { try render($0, as: .png) },
        ]
    }

    private func render(_ request: RouteRequest, as format: DocumentRenderer.Format) throws -> HTTPResponse {
        var size = DocumentRenderer.defaultPictureSize
        if let text = request.query("size") {
            guard let value = Int(text), DocumentRenderer.pictureSizes.contains(value) else {
                throw HTTPError.badRequest(
                    "size must be a number of pixels from \(DocumentRenderer.pictureSizes.lowerBound) to "
                        + "\(DocumentRenderer.pictureSizes.upperBound), not \(JSONString.quoted(text))")
            }
            size = value
        }
        var renderer = renderer
        if let paper = request.query("paper") {
            guard let pageSize = PageSize(paperName: paper) else {
                throw HTTPError.badRequest("paper must be a4 or letter, not \(JSONString.quoted(paper))")
            }
            renderer.notes.pageSize = pageSize
        }
        let snapshot = try library.read(DocumentsAPI.name(request))
        var response = HTTPResponse.bytes(
            try renderer.render(snapshot, as: format, size: size), contentType: format.mediaType)
        response.headers.set("ETag", "\"\(snapshot.document.version)\"")
        response.headers.set("Cache-Control", "private, no-cache")
        if format == .pdf {
            let fileName = PercentEncoding.encodeComponent(snapshot.document.title + ".pdf")
            response.headers.set("Content-Disposition", "inline; filename*=UTF-8''\(fileName)")
        }
        return response
    }
}
