import FolioHTTP
import FolioSandbox
import FolioServer
import Foundation
import Testing

@Suite struct FileErrorHTTPTests {
    static let plain = HTTPRequest(method: .put, rawPath: "/api/files/a")
    static let conditional = HTTPRequest(
        method: .put, rawPath: "/api/documents/a", headers: HTTPHeaders([("If-Match", "\"1\"")]))

    @Test(arguments: [
        (FileError.Code.notFound, 404), (.alreadyExists, 409), (.directoryNotEmpty, 409), (.invalidName, 400),
        (.outsideContainer, 403), (.readOnly, 403), (.tooLarge, 413), (.noSpace, 507), (.notSupported, 501),
        (.transferFailed, 502), (.systemError, 500),
    ])
    func eachCodeHasItsStatus(_ code: FileError.Code, _ status: Int) {
        let error = FileError(code, operation: "write", subject: "Documents/a", reason: "because")
        #expect(error.status(for: Self.plain).code == status)
        #expect(error.status(for: Self.conditional).code == status)
    }

    @Test func aConflictIs412ForAConditionalRequestAnd409Otherwise() {
        let error = FileError(.conflict, operation: "replace", subject: "Documents/a", reason: "it changed")
        #expect(error.status(for: Self.conditional) == .preconditionFailed)
        #expect(error.status(for: Self.plain) == .conflict)
    }

    @Test func isAnsweredWithTheOperationSubjectAndReason() throws {
        let error = FileError(.readOnly, operation: "write", subject: "Folio.app/x", reason: "the bundle is read-only")
        let response = error.response(for: Self.plain)
        #expect(response.status == .forbidden)
        guard case .bytes(let data) = response.body else {
            Issue.record("no JSON body")
            return
        }
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        let body = try #require(object["error"])
        #expect(body["code"] as? String == "readOnly")
        #expect(body["status"] as? Int == 403)
        #expect(body["operation"] as? String == "write")
        #expect(body["subject"] as? String == "Folio.app/x")
        #expect(body["reason"] as? String == "the bundle is read-only")
        #expect(body["message"] as? String == error.description)
    }
}
