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
        /// The size the server announced, when it did.
        var total: UInt64?
    }

    let state = Mutex(State())
    let done = DispatchSemaphore(value: 0)
    private let output: FileDescriptor
    private let limit: UInt64
    private let subject: String
    private let progress: (@Sendable (DownloadProgress) -> Void)?

    init(
        output: FileDescriptor, limit: UInt64, subject: String, progress: (@Sendable (DownloadProgress) -> Void)?
    ) {
        self.output = output
        self.limit = limit
        self.subject = subject
        self.progress = progress
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
        let total = response.expectedContentLength > 0 ? UInt64(response.expectedContentLength) : nil
        state.withLock { state in
            state.contentType = response.mimeType
            state.total = total
        }
        progress?(DownloadProgress(bytes: 0, total: total))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let received = state.withLock { state -> DownloadProgress? in
            guard state.failure == nil else { return nil }
            state.bytes += UInt64(data.count)
            return DownloadProgress(bytes: state.bytes, total: state.total)
        }
        guard let received else { return }
        if received.bytes > limit {
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
            return
        }
        progress?(received)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error, state.withLock({ $0.failure == nil }) {
            fail(.transferFailed, error.localizedDescription)
        }
        done.signal()
    }
}
