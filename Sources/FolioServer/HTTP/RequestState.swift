import Foundation

/// One request's state between the server's callbacks: the request, how its body is received,
/// and what answers it — an event stream's subscription, or a slow request on the worker pool.
final class RequestState {
    var request: HTTPRequest
    let plan: RequestPlan
    /// The connection's record in the server's ``ConnectionGuard``.
    let record: ConnectionRecord?
    var bodyLimitExceeded = false
    var receiveError: (any Error)?
    var isFinished = false
    var subscription: EventSubscription?
    /// The server box that lists this request's event stream while it is open.
    var streamOwner: HandlerBox?
    /// The answer being worked out on the worker pool.
    var slow: SlowRequest?

    init(request: HTTPRequest, plan: RequestPlan, record: ConnectionRecord?) {
        self.request = request
        self.plan = plan
        self.record = record
    }

    /// Takes a chunk of the body.
    func receive(_ chunk: UnsafeRawBufferPointer) {
        switch plan {
        case .buffer(let limit, _):
            if request.body.count + chunk.count > limit {
                bodyLimitExceeded = true
            } else {
                request.body.append(contentsOf: chunk)
            }
        case .stream(let receiver, _):
            guard receiveError == nil else { return }
            do {
                try receiver.receive(chunk)
            } catch {
                receiveError = error
            }
        case .respond:
            break
        }
    }

    /// The request is over: answered, or failed (`isAnswered` false: the client went away, the
    /// connection failed or timed out, or the server stopped), which cancels it and discards an
    /// unfinished upload.
    func complete(isAnswered: Bool) {
        if !isAnswered {
            request.cancellation.cancel()
        }
        if case .stream(let receiver, _) = plan, !isFinished {
            receiver.cancel()
        }
        if let subscription {
            subscription.close()
            streamOwner?.closed(subscription)
        }
        record?.endRequest(now: ConnectionGuard.now())
    }
}
