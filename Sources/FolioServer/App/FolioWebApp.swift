import FolioDatabase
import FolioDocuments
import FolioFiles
import FolioHTTP
import FolioRendering
import FolioSandbox
import FolioSearch
import Foundation
import Synchronization

/// The Folio app in the browser: the JSON API under `/api/` and the web pages and their assets,
/// as routes behind the app's middleware — the security headers, the ``Gatekeeper`` and the
/// listing cache's invalidation.
///
/// ```swift
/// let app = try FolioWebApp(container: container, token: Gatekeeper.makeToken(), host: "127.0.0.1", port: 8080)
/// let server = try HTTPServer(host: "127.0.0.1", port: 8080, responder: app)
/// let page = app.dispatch(HTTPRequest(method: .get, target: "/api/documents?limit=50", headers: …))
/// ```
public final class FolioWebApp: HTTPResponder {
    /// The container the app shows.
    public let container: Container
    /// The live-change channel behind `/api/events`.
    public let events: EventHub
    /// Who may use the app.
    public let gatekeeper: Gatekeeper
    /// The document library the app's document browser shows.
    public let library: DocumentLibrary
    /// The search index behind `/api/search`.
    public let searchIndex: SearchIndex
    /// The routes behind the middleware.
    public let application: HTTPApplication
    private let pump = EventPump()
    /// The task keeping ``searchIndex`` current while events run.
    private let searchKeeper = Mutex<Task<Void, Never>?>(nil)
    /// Pages of the document list, kept while the library does not change.
    let listings = ListingCache()

    /// An app over `container`, for a server bound to `host`:`port`, guarded by `token`.
    ///
    /// - Parameters:
    ///   - queryTimeLimit: how long the SQL of one request to `/api/db/` may run.
    ///   - mapLibrary: where Leaflet, the Tracks page's map, is read from.
    public init(
        container: Container, token: String, host: String, port: Int,
        queryTimeLimit: Duration = QueryLimits.defaultTimeLimit, mapLibrary: MapLibrary = .installed()
    ) throws {
        self.container = container
        self.events = EventHub()
        self.gatekeeper = Gatekeeper(token: token, host: host, port: port)
        let files = Files(container)
        let library = DocumentLibrary(container: container)
        self.library = library
        var router = Router()
        router.add(FilesAPI(files: files, thumbnails: ThumbnailCache(files: files), library: library).routes)
        router.add(ZipAPI(files: files).routes)
        // Before DocumentsAPI: its `{name...}` would take the word `pdf` or `png` too.
        router.add(RenderingAPI(library: library).routes)
        router.add(
            MailAPI(library: library, files: files, environment: ProcessInfo.processInfo.environment).routes)
        router.add(DocumentsAPI(library: library, listings: listings).routes)
        // Every database, table and geo route reads a file of any size or runs a query: slow.
        router.add(DatabaseAPI(container: container, timeLimit: queryTimeLimit).routes.map { $0.costing(.slow) })
        router.add(TablesAPI(files: files).routes.map { $0.costing(.slow) })
        router.add(GeoAPI(container: container).routes.map { $0.costing(.slow) })
        router.add(InfoAPI(container: container, files: files).routes)
        // The first search may index the whole library.
        let searchIndex = try SearchIndex(container: container)
        self.searchIndex = searchIndex
        router.add(SearchAPI(index: searchIndex).routes.map { $0.costing(.slow) })
        router.add(EventsAPI(hub: events).routes)
        router.add(MapAPI(container: container, library: mapLibrary).routes)
        router.add(try AssetsAPI(container: container).routes)
        let described = router.routes
        router.add([OpenAPIDocument.route(for: described)])
        // Outermost first: every answer gets the security headers, the gatekeeper's refusals
        // included; only requests the gatekeeper lets through can end the pages kept.
        self.application = HTTPApplication(
            router: router, middleware: [SecurityHeaders(), gatekeeper, ListingInvalidation(listings: listings)])
    }

    /// Starts sending the library's changes to `/api/events` subscribers.
    ///
    /// - Throws: ``DocumentError`` when `Documents/` cannot be watched.
    public func startEvents() throws {
        try pump.start(library: library, hub: events, listings: listings)
        // Pages of documents from memory kept exact by the kernel's changes; until it is read, or
        // without it (no watch left in the system's limit), every page reads the directory.
        library.startLiveOrderInBackground()
        let index = searchIndex
        searchKeeper.withLock { keeper in
            keeper?.cancel()
            keeper = Task.detached {
                // Without a watch (none left in the system's limit), searches still check
                // every hit against its file and synchronise once.
                try? await index.keepCurrent()
            }
        }
    }

    /// Stops the change stream.
    public func stopEvents() {
        pump.stop()
        library.stopLiveOrder()
        searchKeeper.withLock { keeper in
            keeper?.cancel()
            keeper = nil
        }
        listings.isEnabled = false
    }

    /// Every route, for documentation and tests.
    public var routes: [Route] { application.router.routes }

    public func begin(_ request: HTTPRequest) -> HTTPExchange {
        application.begin(request)
    }
}
