import FolioDocuments
import FolioHTTP
import FolioServer
import Foundation
import Testing

@Suite struct DocumentErrorHTTPTests {
    @Test(arguments: [
        (DocumentError.Code.notFound, 404), (.alreadyExists, 409), (.ambiguous, 409), (.invalidName, 400),
        (.unknownKind, 400), (.wrongKind, 400), (.corrupt, 422), (.newerVersion, 422), (.tooLarge, 413),
        // Codes kept from a file failure are answered as the file error would be.
        (DocumentError.Code("noSpace"), 507), (DocumentError.Code("permissionDenied"), 403),
    ])
    func eachCodeHasItsStatus(_ code: DocumentError.Code, _ status: Int) {
        let error = DocumentError(code, operation: "save", subject: "Documents/a.txt", reason: "because")
        #expect(error.status(for: HTTPRequest(method: .put, rawPath: "/")).code == status)
    }

    @Test func aSaveThatRacedIs412ForIfMatchAnd409Otherwise() {
        let error = DocumentError(.conflict, operation: "save", subject: "Documents/a.txt", reason: "it changed")
        let conditional = HTTPRequest(method: .put, rawPath: "/", headers: HTTPHeaders([("If-Match", "\"v\"")]))
        #expect(error.status(for: conditional) == .preconditionFailed)
        #expect(error.status(for: HTTPRequest(method: .post, rawPath: "/")) == .conflict)
    }

    @Test func aTakenNameCarriesTheSentenceForTheRenameSheet() throws {
        let error = DocumentError(.alreadyExists, operation: "rename", subject: "Documents/a.txt", reason: "taken")
        guard case .bytes(let data) = error.response(for: HTTPRequest(method: .post, rawPath: "/")).body else {
            Issue.record("no JSON body")
            return
        }
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        #expect(object["error"]?["userMessage"] as? String == DocumentError.nameTakenMessage)
    }
}
