/// One endpoint: a method, a path pattern, what it does, and how it is described (the summary and
/// query parameters an OpenAPI document lists).
///
/// ```swift
/// Route(.get, "/api/documents/{name}", summary: "A document's contents") { request in
///     .text(try library.read(request.parameter("name")).text())
/// }
/// Route(.put, "/api/files/{path...}", summary: "Upload a file", cost: .slow) { request in
///     try FileUploadReceiver(request)
/// }
/// ```
public struct Route: Sendable {
    /// What a route does with a request whose body (if any) is in memory.
    public typealias Action = @Sendable (RouteRequest) throws -> HTTPResponse
    /// What takes a streamed body: made when the request's head arrives, answering once the body has.
    public typealias Upload = @Sendable (RouteRequest) throws -> any UploadReceiver

    /// How the route takes a request body.
    public enum Body: Sendable, Equatable {
        /// No body expected; one of up to 64 KiB is still read and ignored.
        case none
        /// A JSON body of at most 1 MiB, in ``HTTPRequest/body``.
        case json
        /// A body of any size, streamed to the route's ``UploadReceiver``.
        case stream
        /// A file of the media type named (`application/gpx+xml`), at most 64 MiB, in
        /// ``HTTPRequest/body``.
        case file(String)

        /// The largest body taken in memory (413 beyond it).
        public var limit: Int {
            switch self {
            case .none: 64 << 10
            case .json: 1 << 20
            case .file: 64 << 20
            case .stream: Int.max
            }
        }
    }

    /// How long answering may take, which decides the thread that answers (see ``RequestCost``).
    public enum Cost: Sendable {
        /// Answered at once on the thread that read the request.
        case cheap
        /// Answered on the server's worker pool: anything that can take long (a query, the parse of
        /// a big file, a walk of a big tree, a call to another server).
        case slow
        /// Slow, except for the requests `isCheap` picks (a route that lists a directory, which is
        /// slow, and sends a file, which the kernel does).
        case slowUnless(@Sendable (RouteRequest) -> Bool)
    }

    /// A query parameter, for the OpenAPI document.
    public struct Parameter: Sendable {
        /// The parameter's name.
        public var name: String
        /// What it does.
        public var description: String

        /// A parameter called `name`.
        public init(_ name: String, _ description: String) {
            self.name = name
            self.description = description
        }
    }

    /// What answers the route's requests.
    enum Handler: Sendable {
        case action(Action)
        case upload(Upload)
    }

    /// The method; a `GET` route answers `HEAD` too.
    public let method: HTTPMethod
    /// The path pattern.
    public let pattern: RoutePattern
    /// One line on what the route does.
    public let summary: String
    /// The query parameters it reads.
    public let query: [Parameter]
    /// How it takes a body.
    public let body: Body
    /// Where it is answered.
    public let cost: Cost
    let handler: Handler

    /// A route whose `action` answers with the body (if any) in memory.
    ///
    /// - Parameter body: `.none` or `.json` (a streamed body is taken by an upload route).
    public init(
        _ method: HTTPMethod,
        _ pattern: RoutePattern,
        summary: String,
        query: [Parameter] = [],
        body: Body = .none,
        cost: Cost = .cheap,
        action: @escaping Action
    ) {
        precondition(body != .stream, "a streamed body is taken by a route made with upload:")
        self.init(method, pattern, summary, query, body, cost, .action(action))
    }

    /// A route whose body is streamed, of any size, into the receiver `upload` makes when the
    /// request's head has arrived; the receiver answers once the body is complete.
    public init(
        _ method: HTTPMethod,
        _ pattern: RoutePattern,
        summary: String,
        query: [Parameter] = [],
        cost: Cost = .cheap,
        upload: @escaping Upload
    ) {
        self.init(method, pattern, summary, query, .stream, cost, .upload(upload))
    }

    private init(
        _ method: HTTPMethod, _ pattern: RoutePattern, _ summary: String, _ query: [Parameter], _ body: Body,
        _ cost: Cost, _ handler: Handler
    ) {
        self.method = method
        self.pattern = pattern
        self.summary = summary
        self.query = query
        self.body = body
        self.cost = cost
        self.handler = handler
    }

    /// The same route with another cost (for an API whose every route is slow).
    public func costing(_ cost: Cost) -> Route {
        Route(method, pattern, summary, query, body, cost, handler)
    }

    /// Where `request` to this route is answered.
    func cost(of request: RouteRequest) -> RequestCost {
        switch cost {
        case .cheap: .cheap
        case .slow: .slow
        case .slowUnless(let isCheap): isCheap(request) ? .cheap : .slow
        }
    }
}
