import FolioLocation
import Foundation
import Synchronization

/// Places for `/api/geo/distance` and `/api/geo/geocode` through the geocoding service set with
/// `folio settings geocoder`, the rule `folio geo` follows too.
extension GeoAPI {
    /// The configured geocoder; nil for the offline gazetteer.
    func configuredGeocoder() throws -> (any Geocoder)? {
        try GeocoderSettings.geocoder(service: nil, keys: [], in: container, version: InfoAPI.version)
    }

    /// Runs `lookup` (an asynchronous request to the service, which may wait its turn) to its end
    /// on the calling thread: routes answer synchronously.
    ///
    /// The lookup's task prefers a ``CallerExecutor`` whose jobs this thread runs while it waits,
    /// so the lookup never needs a thread of Swift's cooperative pool — a route called from one
    /// (a test, a task) would otherwise wait for a thread it is itself holding.
    static func waiting<Value: Sendable>(
        _ lookup: @escaping @Sendable () async throws(LocationError) -> Value
    ) throws(LocationError) -> Value {
        let executor = CallerExecutor()
        let outcome = Mutex<Result<Value, LocationError>?>(nil)
        Task(executorPreference: executor) {
            let result: Result<Value, LocationError>
            do throws(LocationError) {
                result = .success(try await lookup())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            executor.wake()
        }
        executor.run(until: { outcome.withLock { $0 != nil } })
        // `run` returns once the outcome is stored.
        guard let result = outcome.withLock({ $0 }) else {
            preconditionFailure("the lookup ended without an outcome")
        }
        return try result.get()
    }
}

/// A task executor whose jobs run on the thread that calls ``run(until:)``, one at a time.
final class CallerExecutor: TaskExecutor, @unchecked Sendable {
    // Safety: the queue of jobs is behind a mutex; the semaphore counts the wake-ups.
    private let jobs = Mutex<[UnownedJob]>([])
    private let signal = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        signal.signal()
    }

    /// Wakes ``run(until:)`` to check its condition again.
    func wake() {
        signal.signal()
    }

    /// Runs the jobs enqueued, as they come, until `isDone` is true.
    func run(until isDone: () -> Bool) {
        while !isDone() {
            signal.wait()
            while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }
}
