import FolioDocuments
import FolioFiles
import FolioSandbox
import Foundation

/// The Folio app in the browser: the JSON API under `/api/`, the web pages and their assets,
/// behind the ``Gatekeeper``.
///
/// ```swift
/// let app = try FolioWebApp(container: container, token: Gatekeeper.makeToken(), host: "127.0.0.1", port: 8080)
/// let server = try HTTPServer(host: "127.0.0.1", port: 8080, handler: app)
/// ```
public final class FolioWebApp: HTTPHandler {
    /// The container the app shows.
    public let container: Container
    /// The live-change channel behind `/api/events`.
    public let events: EventHub
    /// Who may use the app.
    public let gatekeeper: Gatekeeper
    /// The document library the app's document browser shows.
    public let library: DocumentLibrary
    let router: Router
    private let pump = EventPump()
    /// Pages of the document list, kept while the library does not change.
    let listings = ListingCache()

    /// The largest JSON body accepted.
    static let jsonLimit = 1 << 20

    /// An app over `container`, for a server bound to `host`:`port`, guarded by `token`.
    public init(container: Container, token: String, host: String, port: Int) throws {
        self.container = container
        self.events = EventHub()
        self.gatekeeper = Gatekeeper(token: token, host: host, port: port)
        let files = Files(container)
        let library = DocumentLibrary(container: container)
        self.library = library
        var router = Router()
        router.add(FilesAPI(files: files).routes)
        router.add(DocumentsAPI(library: library, listings: listings).routes)
        // Every database, table and geo route reads a file of any size or runs a query: slow.
        router.add(DatabaseAPI(container: container).routes.map { $0.costing(.slow) })
        router.add(TablesAPI(files: files).routes.map { $0.costing(.slow) })
        router.add(GeoAPI(container: container).routes.map { $0.costing(.slow) })
        router.add(InfoAPI(container: container, files: files).routes)
        router.add(EventsAPI(hub: events).routes)
        router.add(try AssetsAPI().routes)
        let described = router.routes
        router.add([OpenAPIDocument.route(for: described)])
        self.router = router
    }

    /// Starts sending the library's changes to `/api/events` subscribers.
    ///
    /// - Throws: ``DocumentError`` when `Documents/` cannot be watched.
    public func startEvents() throws {
        try pump.start(library: library, hub: events, listings: listings)
    }

    /// Stops the change stream.
    public func stopEvents() {
        pump.stop()
        listings.isEnabled = false
    }

    /// Every route, for documentation and tests.
    public var routes: [Route] { router.routes }

    public func prepare(_ request: HTTPRequest) -> RequestPlan {
        if case .answer(let response) = gatekeeper.check(request) {
            return .respond(finish(response))
        }
        guard let path = request.pathComponents else {
            return .respond(finish(APIError.badRequest("the path has a malformed %-escape").response))
        }
        switch router.lookup(request.method, path) {
        case .notFound:
            return .respond(finish(APIError.noSuchRoute(request.rawPath).response))
        case .methodNotAllowed(let allowed):
            return .respond(finish(APIError.methodNotAllowed(request.method, allowed: allowed).response))
        case .found(let route, let parameters):
            let routed = RouteRequest(request: request, parameters: parameters)
            let cost = route.cost(of: routed)
            switch route.body {
            case .none: return .buffer(limit: 64 << 10, cost: cost)
            case .json: return .buffer(limit: FolioWebApp.jsonLimit, cost: cost)
            case .stream(let makeReceiver):
                do {
                    return .stream(FinishingReceiver(try makeReceiver(routed), app: self), cost: cost)
                } catch {
                    return .respond(finish(APIError.from(error).response))
                }
            }
        }
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let path = request.pathComponents,
            case .found(let route, let parameters) = router.lookup(request.method, path)
        else {
            return finish(APIError.noSuchRoute(request.rawPath).response)
        }
        defer {
            // Whatever it answered, a request that may have changed something ends the pages kept.
            if request.method != "GET" && request.method != "HEAD" {
                listings.invalidate()
            }
        }
        do {
            var response = try route.action(RouteRequest(request: request, parameters: parameters))
            if request.method == "HEAD", case .bytes = response.body {
                response.body = .empty
            }
            return finish(response)
        } catch {
            return finish(APIError.from(error).response)
        }
    }

    /// Adds the security headers every response carries.
    func finish(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        SecurityHeaders.apply(to: &response)
        return response
    }
}

/// Passes an upload to its receiver and adds the security headers to the answer.
private final class FinishingReceiver: UploadReceiver {
    let inner: any UploadReceiver
    let app: FolioWebApp

    init(_ inner: any UploadReceiver, app: FolioWebApp) {
        self.inner = inner
        self.app = app
    }

    func receive(_ chunk: UnsafeRawBufferPointer) throws { try inner.receive(chunk) }
    func finish(error: (any Error)?) -> HTTPResponse {
        defer { app.listings.invalidate() }
        return app.finish(inner.finish(error: error))
    }
    func cancel() { inner.cancel() }
}
