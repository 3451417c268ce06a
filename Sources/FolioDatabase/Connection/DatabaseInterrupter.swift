import CSQLite
import Synchronization

/// Stops what a connection is running, from any thread: what a Ctrl-C handler calls.
///
/// ```swift
/// let interrupter = db.interrupter
/// let source = DispatchSource.makeSignalSource(signal: SIGINT)
/// source.setEventHandler { interrupter.interrupt() }
/// ```
/// The statement running on the connection stops with ``DatabaseError/Code/interrupted``, and
/// a transaction it was writing in is rolled back. Once the connection is closed, interrupting
/// does nothing. The corresponding C function is `sqlite3_interrupt`.
public final class DatabaseInterrupter: Sendable {
    /// The connection, while it is open.
    private let connection: Mutex<Connection?>

    /// An `sqlite3*`; `sqlite3_interrupt` may be called on it from any thread while it is open,
    /// which the mutex guarantees.
    private struct Connection: @unchecked Sendable {
        // Safety: only passed to sqlite3_interrupt, under the mutex that closing also takes.
        let pointer: OpaquePointer
    }

    init(_ pointer: OpaquePointer) {
        connection = Mutex(Connection(pointer: pointer))
    }

    /// Makes the statement running on the connection stop as soon as it can.
    public func interrupt() {
        connection.withLock { connection in
            if let connection {
                sqlite3_interrupt(connection.pointer)
            }
        }
    }

    /// Stops reaching the connection: called before it closes.
    func invalidate() {
        connection.withLock { $0 = nil }
    }

    /// Reaches the connection again after a close that failed.
    func revalidate(_ pointer: OpaquePointer) {
        connection.withLock { $0 = Connection(pointer: pointer) }
    }
}
