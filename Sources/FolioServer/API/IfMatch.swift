import FolioHTTP
import Foundation

/// The version a change is based on, as its `If-Match` header names it (the ETag the client was
/// given, quoted or not): a document's save and a table file's edit both require one.
enum IfMatch {
    /// The version `request`'s `If-Match` names, read by `parse`.
    ///
    /// - Parameters:
    ///   - missing: the message of the 428 answer when the header is absent.
    ///   - kind: what the header must hold, for the 400 answer ("a document version").
    /// - Throws: ``HTTPError`` 428 without the header, 400 when `parse` cannot read it.
    static func version<Version>(
        of request: RouteRequest, missing: String, kind: String, parse: (String) -> Version?
    ) throws -> Version {
        guard let header = request.headers["If-Match"] else {
            throw HTTPError(.preconditionRequired, code: "preconditionRequired", message: missing)
        }
        let text = header.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard let version = parse(text) else {
            throw HTTPError.badRequest("If-Match does not hold \(kind): \(header)")
        }
        return version
    }
}
