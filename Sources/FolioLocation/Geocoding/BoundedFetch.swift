import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request whose reply is read into memory only up to a limit: a service that sends
/// more is cut off as soon as it passes the limit, so a hostile reply never costs more memory
/// than that.
final class BoundedFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safety: the session calls the delegate on its serial delegate queue; every mutable value is
    // in `state`, behind a mutex, and the continuation is resumed once, when the task completes.

    /// What came back.
    enum Outcome {
        /// The status and the whole body.
        case reply(status: Int, body: Data)
        /// The body passed the limit (or the announced length did).
        case tooLarge(bytes: Int)
    }

    private struct State {
        var status = 0
        var body = Data()
        var isTooLarge = false
        var continuation: CheckedContinuation<Outcome, any Error>?
    }

    private let state = Mutex(State())
    private let limit: Int

    private init(limit: Int) {
        self.limit = limit
    }

    /// Sends `request` and reads its reply, up to `limit` bytes.
    ///
    /// - Throws: the session's error when the request fails (no answer, a timeout, cancellation).
    static func fetch(_ request: URLRequest, limit: Int) async throws -> Outcome {
        let delegate = BoundedFetch(limit: limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withCheckedThrowingContinuation { continuation in
            delegate.state.withLock { $0.continuation = continuation }
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        let announced = response.expectedContentLength
        let isTooLarge = announced > Int64(limit)
        state.withLock { state in
            state.status = status
            if isTooLarge {
                state.isTooLarge = true
                state.body = Data(count: 0)
            }
        }
        completionHandler(isTooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let passed = state.withLock { state -> Bool in
            guard !state.isTooLarge else { return false }
            state.body.append(data)
            if state.body.count > limit {
                state.isTooLarge = true
                return true
            }
            return false
        }
        if passed { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, outcome) = state.withLock { state -> (CheckedContinuation<Outcome, any Error>?, Outcome) in
            let continuation = state.continuation
            state.continuation = nil
            let outcome: Outcome =
                state.isTooLarge ? .tooLarge(bytes: state.body.count) : .reply(status: state.status, body: state.body)
            return (continuation, outcome)
        }
        guard let continuation else { return }
        if case .tooLarge = outcome {
            continuation.resume(returning: outcome)
        } else if let error {
            continuation.resume(throwing: error)
        } else {
            continuation.resume(returning: outcome)
        }
    }
}
