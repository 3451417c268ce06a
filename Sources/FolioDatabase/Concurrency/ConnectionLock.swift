import Foundation
import Glibc
import Synchronization

/// A lock for one connection that refuses to be taken again by the thread holding it: a
/// ``DatabaseQueue`` or ``DatabasePool`` used from inside its own closure would otherwise wait
/// for itself forever.
final class ConnectionLock: Sendable {
    private let lock = NSLock()
    private let owner = Atomic<UInt>(0)

    /// Runs `body` holding the lock.
    ///
    /// - Precondition: the calling thread does not hold it already.
    func withLock<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
        precondition(
            owner.load(ordering: .relaxed) != thread,
            "a database queue or pool was used from inside its own closure; use the Database it passes instead")
        lock.lock()
        owner.store(thread, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            lock.unlock()
        }
        return try body()
    }
}

/// Runs blocking database work off the cooperative thread pool and waits for it.
func runBlocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try work() })
        }
    }
}
