import FolioCore
import FolioHTTP
import FolioRendering
import FolioSandbox

/// How the web API answers a rendering error (a thumbnail that cannot be made).
extension RenderingError: HTTPResponseError {
    /// 400 for a size out of bounds; 415 for a file that is not a PNG, JPEG, GIF or WebP image
    /// (or a document that is not drawn in the format asked for); 500 when cairo fails;
    /// 422 for an image that cannot be decoded; 413 for one over the pixel or byte limit; the
    /// codes a file failure keeps as ``FileError`` answers them (404 for a missing file, …).
    public func status(for request: HTTPRequest) -> HTTPStatus {
        switch code {
        case .invalidSize: .badRequest
        case .unsupportedFormat, .notRenderable: .unsupportedMediaType
        case .corrupt: .unprocessableContent
        case .tooLarge: .contentTooLarge
        case .renderingFailed: .internalServerError
        default: FileError.status(for: FileError.Code(code.rawValue), request: request)
        }
    }

    public func response(for request: HTTPRequest) -> HTTPResponse {
        ErrorReport.response(self, status: status(for: request))
    }
}
