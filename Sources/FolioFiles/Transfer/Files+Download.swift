import FolioSandbox
import FolioSystem
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Files {
    /// Creates a file from a URL (`http`, `https` or `file`), streaming it to disk.
    ///
    /// The body is written to an unnamed file as it arrives and linked into place only when the
    /// transfer completed, so a failed or oversized download leaves nothing behind. This call blocks
    /// until the transfer ends.
    /// - Parameters:
    ///   - url: what to fetch.
    ///   - path: where to write it, usually in `tmp/`.
    ///   - limit: the largest size accepted (`.tooLarge` beyond it).
    ///   - replacing: replace an existing file; otherwise an existing one is `.alreadyExists`.
    ///   - timeout: seconds without progress before giving up.
    ///   - progress: called as the bytes arrive with the bytes so far and the total when known,
    ///     from the thread that receives them (not necessarily the caller's).
    /// - Throws: ``FileError``: `.transferFailed` for an HTTP status that is not 2xx or a network
    ///   failure, `.tooLarge`, `.invalidArgument` for another scheme.
    @discardableResult
    public func download(
        from url: URL,
        to path: SandboxPath,
        limit: UInt64 = 1 << 30,
        replacing: Bool = false,
        timeout: TimeInterval = 60,
        progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) throws(FileError) -> DownloadResult {
        let operation = "download"
        let subject = url.absoluteString
        let scheme = url.scheme?.lowercased() ?? ""
        guard ["http", "https", "file"].contains(scheme) else {
            throw FileError(
                .invalidArgument, operation: operation, subject: subject,
                reason: "only http, https and file URLs can be fetched")
        }
        let entry = try container.entry(path, operation: operation)
        var result = DownloadResult(path: path.description, bytes: 0, contentType: nil)
        do {
            try entry.directory.createFileAtomically(
                named: entry.name, names: try container.temporaryNames(for: entry, operation: operation),
                existing: replacing ? .replace : .fail
            ) { file in
                if scheme == "file" {
                    result.bytes = try Files.copyLocalFile(
                        url.path, to: file, limit: limit, subject: subject, progress: progress)
                } else {
                    let delegate = DownloadDelegate(output: file, limit: limit, subject: subject, progress: progress)
                    let configuration = URLSessionConfiguration.ephemeral
                    configuration.timeoutIntervalForRequest = timeout
                    let queue = OperationQueue()
                    queue.maxConcurrentOperationCount = 1
                    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
                    session.dataTask(with: url).resume()
                    delegate.done.wait()
                    session.finishTasksAndInvalidate()
                    let state = delegate.state.withLock { $0 }
                    if let failure = state.failure {
                        throw failure
                    }
                    result.bytes = state.bytes
                    result.contentType = state.contentType
                }
            }
        } catch let error as SystemError {
            if error.errno == .fileExists {
                throw FileError(
                    .alreadyExists, operation: operation, subject: path.description,
                    reason: "\(path) already exists", errno: error.errno.rawValue)
            }
            throw failure(error, operation, path)
        } catch {
            throw failure(error, operation, path)
        }
        return result
    }

    private static func copyLocalFile(
        _ path: String, to output: FileDescriptor, limit: UInt64, subject: String,
        progress: (@Sendable (DownloadProgress) -> Void)?
    ) throws -> UInt64 {
        do {
            let input = try FileDescriptor.open(absolute: path, flags: [])
            let status = try input.status(full: false)
            guard status.kind == .regular else {
                throw FileError(.invalidArgument, operation: "download", subject: subject, reason: "not a regular file")
            }
            guard status.size <= limit else {
                throw FileError(
                    .tooLarge, operation: "download", subject: subject,
                    reason: "the file has \(status.size) bytes, over the \(limit)-byte limit")
            }
            let total = status.size
            return try input.copyContents(to: output) { progress?(DownloadProgress(bytes: $0, total: total)) }
        } catch let error as SystemError {
            throw FileError(error, operation: "download", subject: subject)
        }
    }
}
