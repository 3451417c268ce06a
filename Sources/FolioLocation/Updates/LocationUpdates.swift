/// The updates a ``LocationManager`` delivers, as an `AsyncSequence` (see
/// ``LocationManager/updates()``).
///
/// It ends when the manager stops. Once ``LocationManager/stopUpdatingLocation()`` has been
/// called, it ends at once, even when updates were waiting to be read: after a stop, nothing
/// follows.
public struct LocationUpdates: AsyncSequence, Sendable {
    public typealias Element = LocationUpdate

    let stream: AsyncStream<LocationUpdate>
    let stopRequests: @Sendable () -> Int
    let stopsSeen: Int

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), stopRequests: stopRequests, stopsSeen: stopsSeen)
    }

    /// Reads the updates one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<LocationUpdate>.AsyncIterator
        let stopRequests: @Sendable () -> Int
        let stopsSeen: Int

        public mutating func next() async -> LocationUpdate? {
            guard let update = await base.next(), stopRequests() == stopsSeen else { return nil }
            return update
        }
    }
}
