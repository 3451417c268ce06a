import Foundation

/// One request's state between the server's callbacks: the request, how its body is received,
/// and the subscription of an event stream.
final class RequestState {
    var request: HTTPRequest
    let plan: Plan
    var bodyLimitExceeded = false
    var receiveError: (any Error)?
    var isFinished = false
    var subscription: EventSubscription?
    /// The server box that lists this request's event stream while it is open.
    var streamOwner: HandlerBox?

    enum Plan {
        case buffer(limit: Int)
        case stream(any UploadReceiver)
        case respond(HTTPResponse)
    }

    init(request: HTTPRequest, plan: RequestPlan) {
        self.request = request
        switch plan {
        case .buffer(let limit): self.plan = .buffer(limit: limit)
        case .stream(let receiver): self.plan = .stream(receiver)
        case .respond(let response): self.plan = .respond(response)
        }
    }

    /// Takes a chunk of the body.
    func receive(_ chunk: UnsafeRawBufferPointer) {
        switch plan {
        case .buffer(let limit):
            if request.body.count + chunk.count > limit {
                bodyLimitExceeded = true
            } else {
                request.body.append(contentsOf: chunk)
            }
        case .stream(let receiver):
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

    /// The connection ended; an unfinished upload is discarded.
    func complete() {
        if case .stream(let receiver) = plan, !isFinished {
            receiver.cancel()
        }
        if let subscription {
            subscription.close()
            streamOwner?.closed(subscription)
        }
    }
}
