/// How long working out an answer may take, which decides the thread that does it.
public enum RequestCost: Sendable {
    /// Answered at once on the thread that read the request: the common request, with nothing in
    /// between (a page of the document list, an asset, a download sent by the kernel).
    case cheap
    /// Answered on the server's worker pool while the connection waits suspended, so that work that
    /// can take long (a query, the parse of a big file, a walk of a big tree, a call to another
    /// server) never holds the threads that serve every other connection. The request's
    /// ``HTTPRequest/cancellation`` is set if the client goes away meanwhile.
    case slow
}
