import FolioCore
import Foundation
import Testing

@Suite struct ErrorReportTests {
    struct SampleError: FolioError {
        var code: String { "notFound" }
        var operation: String { "open" }
        var subject: String
        var reason: String { "there is no such file" }
    }

    struct Other: Error, CustomStringConvertible {
        var description: String { "something else" }
    }

    func object(_ report: ErrorReport) throws -> [String: Any] {
        let data = try FolioJSON.encoder().encode(report.document)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(document["error"] as? [String: Any])
    }

    @Test func aFolioErrorIsReportedByItsParts() throws {
        let error = SampleError(subject: "Documents/a.txt")
        let body = try object(ErrorReport(error, status: 404, userMessage: "Not here."))
        #expect(body["code"] as? String == "notFound")
        #expect(body["status"] as? Int == 404)
        #expect(body["operation"] as? String == "open")
        #expect(body["subject"] as? String == "Documents/a.txt")
        #expect(body["reason"] as? String == "there is no such file")
        #expect(body["message"] as? String == error.description)
        #expect(body["userMessage"] as? String == "Not here.")
    }

    @Test func anEmptySubjectAndAMissingSentenceAreLeftOut() throws {
        let body = try object(ErrorReport(SampleError(subject: ""), status: 1))
        #expect(body["subject"] == nil)
        #expect(body["userMessage"] == nil)
        #expect(Set(body.keys) == ["code", "message", "status", "operation", "reason"])
    }

    @Test func anotherErrorIsReportedByItsDescriptionWithTheCodeGiven() throws {
        let body = try object(ErrorReport(Other(), status: 2, code: "usage"))
        #expect(Set(body.keys) == ["code", "message", "status"])
        #expect(body["code"] as? String == "usage")
        #expect(body["message"] as? String == "something else")
    }
}
