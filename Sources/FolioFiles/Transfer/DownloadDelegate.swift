import FolioSandbox
import FolioSystem
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streams a URL session's response body into a file descriptor, enforcing a size limit.
final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safety: the session calls the delegate on its serial delegate queue; the mutable state is in
    // `state`, behind a mutex, and `done` is signalled once after the last callback.
    struct State {
        var bytes: UInt64 = 0
        var failure: FileError?
        var contentType: String?
    }

    let state = Mutex(State())
    let done = DispatchSemaphore(value: 0)
    private let output: FileDescriptor
    private let limit: UInt64
    private let subject: String

    init(output: FileDescriptor, limit: UInt64, subject: String) {
        self.output = output
        self.limit = limit
        self.subject = subject
    }

    private func fail(_ code: FileError.Code, _ reason: String) {
        state.withLock { state in
            if state.failure == nil {
                state.failure = FileError(code, operation: "download", subject: subject, reason: reason)
            }
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            let text = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
            fail(.transferFailed, "the server answered \(http.statusCode) \(text)")
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > 0 && UInt64(response.expectedContentLength) > limit {
            fail(
                .tooLarge, "the server announced \(response.expectedContentLength) bytes, over the \(limit)-byte limit")
            completionHandler(.cancel)
            return
        }
        state.withLock { $0.contentType = response.mimeType }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let total = state.withLock { state -> UInt64? in
            guard state.failure == nil else { return nil }
            state.bytes += UInt64(data.count)
            return state.bytes
        }
        guard let total else { return }
        if total > limit {
            fail(.tooLarge, "the response is larger than the \(limit)-byte limit")
            dataTask.cancel()
            return
        }
        do {
            try data.withUnsafeBytes { buffer in
                try Result { () throws(SystemError) in try output.writeAll(buffer) }.get()
            }
        } catch {
            fail(.systemError, "writing the download failed: \(error)")
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error, state.withLock({ $0.failure == nil }) {
            fail(.transferFailed, error.localizedDescription)
        }
        done.signal()
    }
}
