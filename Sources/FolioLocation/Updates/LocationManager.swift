import Foundation
import Synchronization

/// Delivers location updates from a ``LocationSource``, filtered by a desired accuracy and a
/// distance (the chapter's `CLLocationManager`), to a delegate and as an `AsyncSequence`.
///
/// Configure it, subscribe with ``updates()``, then start. It stops when asked
/// (``stopUpdatingLocation()``), after ``maximumUpdates`` locations, or when the source ends;
/// every stream from ``updates()`` then finishes. Failures the source reports are delivered as
/// ``LocationUpdate/failure(_:)``, never dropped.
///
/// ```swift
/// let manager = LocationManager(source: GPSDSource(host: "127.0.0.1", port: 2947))
/// manager.desiredAccuracy = .nearestTenMeters
/// manager.distanceFilter = 5
/// manager.maximumUpdates = 10                 // the chapter's app stops after ten updates
/// let updates = manager.updates()
/// manager.startUpdatingLocation()
/// for await update in updates {
///     if let location = update.location { print(location) }
/// }
/// ```
public final class LocationManager: Sendable {
    /// The distance filter that delivers every movement (the chapter's `kCLDistanceFilterNone`).
    public static let distanceFilterNone = 0.0

    /// Where readings come from.
    public let source: any LocationSource

    private struct State {
        var desiredAccuracy = LocationAccuracy.best
        var distanceFilter = LocationManager.distanceFilterNone
        var accuracyTimeout: TimeInterval = 30
        var maximumUpdates: Int?
        weak var delegate: (any LocationManagerDelegate)?
        var subscribers: [UUID: AsyncStream<LocationUpdate>.Continuation] = [:]
        var task: Task<Void, Never>?
        var isStopping = false
        var stopRequests = 0
        var deliveredCount = 0
        var lastLocation: Location?
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private typealias Subscriber = AsyncStream<LocationUpdate>.Continuation
    private let state = Mutex(State())

    /// A manager reading from `source`; nothing happens until ``startUpdatingLocation()``.
    public init(source: any LocationSource) {
        self.source = source
    }

    /// The accuracy asked for (default ``LocationAccuracy/best``); worse readings are held back
    /// until a good one arrives or ``accuracyTimeout`` passes. Set it before starting.
    public var desiredAccuracy: LocationAccuracy {
        get { state.withLock { $0.desiredAccuracy } }
        set { state.withLock { $0.desiredAccuracy = newValue } }
    }

    /// Metres the device must move before the next update (default ``distanceFilterNone``);
    /// a more accurate reading is delivered regardless. Set it before starting.
    public var distanceFilter: Double {
        get { state.withLock { $0.distanceFilter } }
        set { state.withLock { $0.distanceFilter = newValue } }
    }

    /// Seconds, by the readings' timestamps, that an inaccurate reading waits for a better one
    /// before it is delivered anyway (default 30).
    public var accuracyTimeout: TimeInterval {
        get { state.withLock { $0.accuracyTimeout } }
        set { state.withLock { $0.accuracyTimeout = newValue } }
    }

    /// Stop after delivering this many locations (nil: never).
    public var maximumUpdates: Int? {
        get { state.withLock { $0.maximumUpdates } }
        set { state.withLock { $0.maximumUpdates = newValue } }
    }

    /// Receives updates and failures; held weakly.
    public var delegate: (any LocationManagerDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Whether updates are running.
    public var isUpdating: Bool {
        state.withLock { $0.task != nil }
    }

    /// How many locations have been delivered since the last start.
    public var deliveredCount: Int {
        state.withLock { $0.deliveredCount }
    }

    /// Every update delivered from now on; the sequence ends when the manager stops, and at once
    /// when ``stopUpdatingLocation()`` is called.
    ///
    /// Subscribe before ``startUpdatingLocation()`` to see the first update. A sequence made while
    /// the manager is stopped and never started stays open until it is.
    public func updates() -> LocationUpdates {
        let (stream, continuation) = AsyncStream<LocationUpdate>.makeStream()
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        let stops = state.withLock { state in
            state.subscribers[id] = continuation
            return state.stopRequests
        }
        return LocationUpdates(
            stream: stream, stopRequests: { [weak self] in self?.state.withLock { $0.stopRequests } ?? Int.max },
            stopsSeen: stops)
    }

    /// Starts delivering updates (the chapter's `startUpdatingLocation`); does nothing when
    /// already running.
    public func startUpdatingLocation() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.isStopping = false
            state.deliveredCount = 0
            state.lastLocation = nil
            let filter = UpdateFilter(
                desiredAccuracy: state.desiredAccuracy, distanceFilter: state.distanceFilter,
                accuracyTimeout: state.accuracyTimeout)
            let maximum = state.maximumUpdates
            state.task = Task { [self] in
                await self.run(filter: filter, maximum: maximum)
            }
        }
    }

    /// Stops delivering updates (the chapter's `stopUpdatingLocation`); an update already being
    /// delivered completes, none follows. The source is stopped.
    public func stopUpdatingLocation() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.isStopping = true
            state.stopRequests += 1
            return state.task
        }
        task?.cancel()
    }

    /// Waits until the manager has stopped (asked to, after ``maximumUpdates``, or at the end of
    /// the source). Returns at once when it is not running.
    public func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let running = state.withLock { state -> Bool in
                guard state.task != nil else { return false }
                state.waiters.append(continuation)
                return true
            }
            if !running {
                continuation.resume()
            }
        }
    }

    private func run(filter: UpdateFilter, maximum: Int?) async {
        var filter = filter
        var remaining = maximum ?? Int.max
        if remaining > 0 {
            events: for await event in source.events() {
                switch event {
                case .reading(let reading):
                    guard let location = filter.consider(reading) else { continue }
                    remaining -= 1
                    guard deliver(location) else { break events }
                case .failure(let error):
                    guard deliver(error) else { break events }
                case .skipped(let input):
                    guard deliver(input) else { break events }
                }
                if remaining == 0 || Task.isCancelled { break }
            }
            if remaining > 0 && !Task.isCancelled, let location = filter.finish() {
                _ = deliver(location)
            }
        }
        let (subscribers, waiters) = state.withLock { state in
            let ending = (Array(state.subscribers.values), state.waiters)
            state.subscribers = [:]
            state.waiters = []
            state.task = nil
            return ending
        }
        for subscriber in subscribers { subscriber.finish() }
        for waiter in waiters { waiter.resume() }
    }

    /// Delivers a location; false when the manager is stopping and nothing more should go out.
    private func deliver(_ location: Location) -> Bool {
        let delivery = state.withLock { state -> (LocationManagerDelegate?, [Subscriber], Location?)? in
            guard !state.isStopping else { return nil }
            let previous = state.lastLocation
            state.deliveredCount += 1
            state.lastLocation = location
            return (state.delegate, Array(state.subscribers.values), previous)
        }
        guard let (delegate, subscribers, previous) = delivery else { return false }
        delegate?.locationManager(self, didUpdateTo: location, from: previous)
        for subscriber in subscribers { subscriber.yield(.location(location, previous: previous)) }
        return true
    }

    private func deliver(_ input: SkippedInput) -> Bool {
        let (subscribers, stopping) = state.withLock { state in (Array(state.subscribers.values), state.isStopping) }
        guard !stopping else { return false }
        for subscriber in subscribers { subscriber.yield(.skipped(input)) }
        return true
    }

    private func deliver(_ error: LocationError) -> Bool {
        let (delegate, subscribers, stopping) = state.withLock { state in
            (state.delegate, Array(state.subscribers.values), state.isStopping)
        }
        guard !stopping else { return false }
        delegate?.locationManager(self, didFailWith: error)
        for subscriber in subscribers { subscriber.yield(.failure(error)) }
        return true
    }
}
