import FolioHTTP
import Foundation
import Synchronization
import Testing

/// The pipeline the server and the tests share: middleware in order, the route found once, bodies
/// taken as the route says, errors answered as their type says.
@Suite struct HTTPApplicationTests {
    /// Writes what it sees into a shared log; answers requests whose path starts with its name.
    struct Recorder: HTTPMiddleware {
        let name: String
        let log: Log

        func check(_ request: HTTPRequest) throws -> HTTPResponse? {
            log.append("check \(name)")
            if request.pathComponents?.first == "answer-\(name)" {
                return .text("answered by \(name)", status: .unauthorized)
            }
            if request.pathComponents?.first == "throw-\(name)" {
                throw HTTPError(.forbidden, code: "refused", message: "refused by \(name)")
            }
            return nil
        }

        func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
            log.append("finish \(name)")
            response.headers.add("X-Finished", name)
        }
    }

    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    struct Missing: Error, HTTPResponseError {
        func status(for request: HTTPRequest) -> HTTPStatus { .notFound }
    }

    struct Unexplained: Error {}

    private func application(log: Log, routes extra: [Route] = []) -> HTTPApplication {
        let routes =
            [
                Route(.get, "/hello/{name}", summary: "greets") { request in
                    log.append("route")
                    return .text("hello \(request.parameter("name"))")
                },
                Route(.post, "/echo", summary: "echoes a JSON body", body: .json) { request in
                    .bytes(request.body, contentType: "application/json")
                },
                Route(.post, "/ignore", summary: "takes no body") { request in .text("\(request.body.count)") },
                Route(.get, "/missing", summary: "throws a known error") { _ in throw Missing() },
                Route(.get, "/broken", summary: "throws an unknown error") { _ in throw Unexplained() },
            ] + extra
        return HTTPApplication(
            router: Router(routes),
            middleware: [Recorder(name: "outer", log: log), Recorder(name: "inner", log: log)])
    }

    private func text(_ response: HTTPResponse) -> String {
        guard case .bytes(let data) = response.body else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func checksRunOutermostFirstAndFinishesInTheReverseOrder() {
        let log = Log()
        let response = application(log: log).dispatch(HTTPRequest(method: .get, target: "/hello/w%C3%B6rld"))
        #expect(text(response) == "hello wörld")
        #expect(log.all == ["check outer", "check inner", "route", "finish inner", "finish outer"])
        #expect(response.headers.values("X-Finished") == ["inner", "outer"])
    }

    @Test func aMiddlewareThatAnswersStopsTheChainAndOnlyThoseOutsideItFinish() {
        let log = Log()
        let response = application(log: log).dispatch(HTTPRequest(method: .get, target: "/answer-inner"))
        #expect(response.status == .unauthorized)
        #expect(text(response) == "answered by inner")
        #expect(log.all == ["check outer", "check inner", "finish outer"])
        let outer = Log()
        _ = application(log: outer).dispatch(HTTPRequest(method: .get, target: "/answer-outer"))
        #expect(outer.all == ["check outer"])
    }

    @Test func anErrorAMiddlewareThrowsIsItsAnswer() {
        let log = Log()
        let response = application(log: log).dispatch(HTTPRequest(method: .post, target: "/throw-inner"))
        #expect(response.status == .forbidden)
        #expect(text(response) == #"{"error":{"code":"refused","message":"refused by inner","status":403}}"#)
        #expect(log.all == ["check outer", "check inner", "finish outer"])
    }

    @Test func theMiddlewareFinishesTheRoutersOwnAnswers() {
        let log = Log()
        let app = application(log: log)
        let notFound = app.dispatch(HTTPRequest(method: .get, target: "/nothing/here"))
        #expect(notFound.status == .notFound)
        #expect(text(notFound).contains(#""code":"noSuchRoute""#))
        #expect(notFound.headers.values("X-Finished") == ["inner", "outer"])
        let malformed = app.dispatch(HTTPRequest(method: .get, target: "/hello/%zz"))
        #expect(malformed.status == .badRequest)
        #expect(text(malformed).contains("malformed %-escape"))
    }

    @Test func aMethodTheRouteDoesNotTakeIs405WithAllow() {
        let extra = [Route(.delete, "/hello/{name}", summary: "forgets") { _ in .text("bye") }]
        let response = application(log: Log(), routes: extra).dispatch(HTTPRequest(method: .put, target: "/hello/x"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, DELETE")
        #expect(text(response).contains(#""code":"methodNotAllowed""#))
        #expect(text(response).contains("PUT is not allowed here (allowed: GET, DELETE)"))
    }

    @Test func trailingSlashesAndEncodedLiteralsReachTheSameRoute() {
        let app = application(log: Log())
        for target in ["/hello/x/", "//hello//x", "/%68ello/x"] {
            #expect(text(app.dispatch(HTTPRequest(method: .get, target: target))) == "hello x", "\(target)")
        }
    }

    @Test func headGetsTheGetRoutesAnswerWithoutItsBody() {
        let response = application(log: Log()).dispatch(HTTPRequest(method: .head, target: "/hello/x"))
        #expect(response.status == .ok)
        guard case .empty = response.body else {
            Issue.record("HEAD answered with a body")
            return
        }
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    @Test func aBodyOverTheRoutesLimitIs413AndTheRouteNeverRuns() {
        let app = application(log: Log())
        let json = Data(repeating: 0x20, count: Route.Body.json.limit)
        #expect(app.dispatch(HTTPRequest(method: .post, target: "/echo", body: json)).status == .ok)
        let tooBig = app.dispatch(HTTPRequest(method: .post, target: "/echo", body: json + [0x20]))
        #expect(tooBig.status == .contentTooLarge)
        #expect(text(tooBig).contains(#""code":"tooLarge""#))
        let ignored = Data(count: Route.Body.none.limit)
        #expect(text(app.dispatch(HTTPRequest(method: .post, target: "/ignore", body: ignored))) == "65536")
        #expect(
            app.dispatch(HTTPRequest(method: .post, target: "/ignore", body: ignored + [0])).status == .contentTooLarge)
    }

    @Test func errorsAreAnsweredAsTheirTypeSaysAndOthersAre500() {
        let app = application(log: Log())
        #expect(app.dispatch(HTTPRequest(method: .get, target: "/missing")).status == .notFound)
        let broken = app.dispatch(HTTPRequest(method: .get, target: "/broken"))
        #expect(broken.status == .internalServerError)
        #expect(text(broken).contains(#""code":"internalError""#))
    }

    /// Records what the pipeline does with an upload.
    final class Upload: UploadReceiver, @unchecked Sendable {
        // Safety: a receiver is used by one request, one call at a time.
        var chunks: [Int] = []
        var isCancelled = false
        var failsAfter: Int?

        func receive(_ chunk: RawSpan) throws {
            chunks.append(chunk.byteCount)
            if let failsAfter, chunks.reduce(0, +) > failsAfter {
                throw HTTPError(.insufficientStorage, code: "noSpace", message: "the disk is full")
            }
        }
        func finish() throws -> HTTPResponse { .text("stored \(chunks.reduce(0, +))", status: .created) }
        func cancel() { isCancelled = true }
    }

    @Test func anUploadIsStreamedInChunksAndAFailedOneCancelled() {
        let stored = Upload()
        let failing = Upload()
        failing.failsAfter = 100_000
        let routes = [
            Route(.put, "/stored", summary: "stores", upload: { _ in stored }),
            Route(.put, "/failing", summary: "fails", upload: { _ in failing }),
            Route(.put, "/refused", summary: "refuses from the head", upload: { _ in throw Missing() }),
        ]
        let app = application(log: Log(), routes: routes)
        let body = Data(count: 200_000)
        let response = app.dispatch(HTTPRequest(method: .put, target: "/stored", body: body))
        #expect(response.status == .created)
        #expect(text(response) == "stored 200000")
        #expect(stored.chunks.count > 1 && stored.chunks.reduce(0, +) == 200_000)
        #expect(!stored.isCancelled)
        let failed = app.dispatch(HTTPRequest(method: .put, target: "/failing", body: body))
        #expect(failed.status == .insufficientStorage)
        #expect(failing.isCancelled)
        #expect(failing.chunks.count == 2, "no chunk after the one that failed")
        let refused = app.begin(HTTPRequest(method: .put, target: "/refused"))
        #expect(refused.earlyResponse?.status == .notFound, "answered from the head, the body never read")
    }

    @Test func theCostOfARequestIsTheRoutes() {
        let routes = [
            Route(.get, "/query", summary: "slow", cost: .slow) { _ in .text("") },
            Route(.get, "/maybe", summary: "slow unless raw", cost: .slowUnless { $0.flag("raw") }) { _ in .text("") },
        ]
        let app = application(log: Log(), routes: routes)
        #expect(app.begin(HTTPRequest(method: .get, target: "/hello/x")).cost == .cheap)
        #expect(app.begin(HTTPRequest(method: .get, target: "/query")).cost == .slow)
        #expect(app.begin(HTTPRequest(method: .get, target: "/maybe")).cost == .slow)
        #expect(app.begin(HTTPRequest(method: .get, target: "/maybe?raw=1")).cost == .cheap)
        #expect(app.begin(HTTPRequest(method: .get, target: "/answer-outer")).cost == .cheap)
    }
}
