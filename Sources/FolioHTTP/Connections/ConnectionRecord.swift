import Foundation
import Glibc
import Synchronization

/// One open connection as the ``ConnectionGuard`` sees it: whom it is from, since when it has been
/// waiting for the head of a request, and what the server watches on it.
///
/// The connection's socket belongs to libmicrohttpd. The record keeps its number only until the
/// connection's closed notice, which libmicrohttpd sends before it closes the socket; shutting the
/// socket down happens under the same lock, so it can never reach a later connection that got the
/// same number.
final class ConnectionRecord: Sendable {
    /// The client's IP address as text, read once when the connection opened.
    let address: String
    /// The client it counts for (``ClientNetwork``).
    let network: String
    /// A number unique among the server's connections.
    let number: UInt64
    /// Since when (``ConnectionGuard/now()``, in milliseconds) the connection has waited for the
    /// head of its next request; 0 while a request is being answered.
    let waitingSince: Atomic<Int64>
    /// The length of the request's URI as sent, measured when its request line arrived.
    let uriLength = Atomic<Int>(-1)
    /// Opened when the server had no room for it: its request is answered 503.
    let isOverCapacity = Atomic<Bool>(false)
    private let socket: Mutex<Int32>
    private let watch = Mutex(Watch())

    /// What the guard's sweep checks on a busy connection.
    struct Watch {
        /// What to do when the peer goes away while the connection waits suspended (cancel a slow
        /// request, end an event stream): libmicrohttpd watches no suspended socket.
        var peerGone: (@Sendable () -> Void)?
        /// A file being sent, and the offset its response ends at: a file that shrank below it
        /// would leave the response waiting forever for bytes that are gone.
        var file: (FileHandle, end: UInt64)?
    }

    init(address: String, network: String, number: UInt64, socket: Int32, now: Int64) {
        self.address = address
        self.network = network
        self.number = number
        self.socket = Mutex(socket)
        self.waitingSince = Atomic(now)
    }

    /// Whether the connection is between requests (or before its first).
    var isWaitingForHead: Bool { waitingSince.load(ordering: .relaxed) != 0 }

    /// A request's head arrived: the connection is busy until its answer is sent.
    func beginRequest() {
        waitingSince.store(0, ordering: .relaxed)
    }

    /// The answer was sent: the connection waits for the next request.
    func endRequest(now: Int64) {
        waitingSince.store(now, ordering: .relaxed)
        watch.withLock { $0 = Watch() }
    }

    /// Has the guard's sweep call `action` once if the client goes away (nil stops watching).
    func watchPeer(_ action: (@Sendable () -> Void)?) {
        watch.withLock { $0.peerGone = action }
    }

    /// Has the guard's sweep end the connection if `file` shrinks below `end` while it is sent.
    func watchFile(_ file: FileHandle, end: UInt64) {
        watch.withLock { $0.file = (file, end) }
    }

    var watched: Watch { watch.withLock { $0 } }

    /// The socket, while the connection is open and was not ended.
    var openSocket: Int32? {
        socket.withLock { $0 >= 0 ? $0 : nil }
    }

    /// Ends the connection from outside libmicrohttpd: shuts its socket down, so the next read or
    /// write fails and libmicrohttpd closes it the ordinary way (and tells the request it failed).
    func end() {
        socket.withLock { socket in
            guard socket >= 0 else { return }
            _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
            socket = -1
        }
    }

    /// libmicrohttpd is about to close the socket.
    func closed() {
        socket.withLock { $0 = -1 }
    }
}
