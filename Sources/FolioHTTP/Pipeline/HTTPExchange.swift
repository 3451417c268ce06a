/// One request on its way through a responder: how its body is taken, where it is answered, and
/// the answer.
///
/// Made by ``HTTPResponder/begin(_:)`` from the request's head. When the head already decided the
/// answer (a refused token, no such route) ``earlyResponse`` holds it and the body is never read;
/// otherwise the server feeds the body to ``receive(_:)`` as it arrives and calls ``complete()``
/// once it has — at once, or on its worker pool when ``cost`` is ``RequestCost/slow`` — or
/// ``cancel()`` when the body will not be complete.
public struct HTTPExchange {
    private enum Stage {
        /// Answered from the head.
        case answered(HTTPResponse)
        /// The body goes into ``HTTPRequest/body``, up to `limit` bytes, for `route`'s action.
        case buffering(Route.Action, limit: Int, isOverLimit: Bool)
        /// The body goes to `receiver`; `failure` is the first error it threw.
        case receiving(any UploadReceiver, failure: (any Error)?)
    }

    /// The size of the chunks ``HTTPResponder/dispatch(_:)`` feeds a body in.
    static let chunkSize = 64 << 10

    /// The request, with its body once it was taken in memory.
    public private(set) var request: HTTPRequest
    /// Where the answer is worked out.
    public let cost: RequestCost
    private var stage: Stage
    private let parameters: [String: [String]]
    /// The middleware whose checks let the request through, outermost first: they finish the answer.
    private let finishers: ArraySlice<any HTTPMiddleware>

    /// An exchange answered with `response`, finished by no middleware (a responder that is not
    /// ready yet, say).
    public init(answering response: HTTPResponse, to request: HTTPRequest) {
        self.init(answering: response, to: request, finishers: [])
    }

    init(answering response: HTTPResponse, to request: HTTPRequest, finishers: ArraySlice<any HTTPMiddleware>) {
        self.request = request
        self.cost = .cheap
        self.parameters = [:]
        self.finishers = finishers
        self.stage = .answered(HTTPExchange.finish(response, by: finishers, for: request))
    }

    init(
        route: Route, parameters: [String: [String]], request: HTTPRequest,
        finishers: ArraySlice<any HTTPMiddleware>
    ) {
        let routed = RouteRequest(request: request, parameters: parameters)
        self.request = request
        self.parameters = parameters
        self.finishers = finishers
        switch route.handler {
        case .action(let action):
            self.cost = route.cost(of: routed)
            self.stage = .buffering(action, limit: route.body.limit, isOverLimit: false)
        case .upload(let makeReceiver):
            do {
                let receiver = try makeReceiver(routed)
                self.cost = route.cost(of: routed)
                self.stage = .receiving(receiver, failure: nil)
            } catch {
                self.cost = .cheap
                self.stage = .answered(HTTPExchange.finish(error.response(for: request), by: finishers, for: request))
            }
        }
    }

    /// The answer, when the head decided it: send it without reading the body.
    public var earlyResponse: HTTPResponse? {
        if case .answered(let response) = stage { return response }
        return nil
    }

    /// Takes the next chunk of the body (valid only during the call).
    public mutating func receive(_ chunk: RawSpan) {
        switch stage {
        case .answered:
            break
        case .buffering(let action, let limit, let isOverLimit):
            guard !isOverLimit else { return }
            if request.body.count + chunk.byteCount > limit {
                stage = .buffering(action, limit: limit, isOverLimit: true)
            } else {
                chunk.withUnsafeBytes { request.body.append(contentsOf: $0) }
            }
        case .receiving(let receiver, let failure):
            guard failure == nil else { return }
            do {
                try receiver.receive(chunk)
            } catch {
                stage = .receiving(receiver, failure: error)
            }
        }
    }

    /// The whole body has arrived: the answer, finished by the middleware.
    ///
    /// A body over the route's limit is answered 413; an error the route or its receiver threw is
    /// answered as ``HTTPResponseError`` says; `HEAD` gets the `GET` route's answer without its body.
    public func complete() -> HTTPResponse {
        switch stage {
        case .answered(let response):
            return response
        case .buffering(let action, let limit, let isOverLimit):
            guard !isOverLimit else {
                return finishing(HTTPError.contentTooLarge(limit: limit).response)
            }
            do {
                var response = try action(RouteRequest(request: request, parameters: parameters))
                if request.method == .head {
                    switch response.body {
                    case .bytes, .shared, .stream: response.body = .empty
                    case .empty, .file, .events: break
                    }
                }
                return finishing(response)
            } catch {
                return finishing(error.response(for: request))
            }
        case .receiving(let receiver, let failure):
            if let failure {
                receiver.cancel()
                return finishing(failure.response(for: request))
            }
            do {
                return finishing(try receiver.finish())
            } catch {
                return finishing(error.response(for: request))
            }
        }
    }

    /// The body will not be complete (the client went away, the server stopped): an upload
    /// receiver discards what it received.
    public func cancel() {
        if case .receiving(let receiver, _) = stage {
            receiver.cancel()
        }
    }

    /// `response` as the middleware that let the request through leave it, innermost first.
    private func finishing(_ response: HTTPResponse) -> HTTPResponse {
        HTTPExchange.finish(response, by: finishers, for: request)
    }

    private static func finish(
        _ response: HTTPResponse, by finishers: ArraySlice<any HTTPMiddleware>, for request: HTTPRequest
    ) -> HTTPResponse {
        var response = response
        for step in finishers.reversed() {
            step.finish(&response, for: request)
        }
        return response
    }
}
