import Foundation
import Synchronization
import Testing

@testable import FolioLocation

@Suite struct LocationManagerTests {
    /// Runs a manager over `log` and returns everything it delivered.
    func run(
        _ log: String,
        accuracy: LocationAccuracy = .best,
        distanceFilter: Double = LocationManager.distanceFilterNone,
        maximum: Int? = nil
    ) async -> [LocationUpdate] {
        let manager = LocationManager(source: NMEALog(.text(log, name: "walk.nmea")))
        manager.desiredAccuracy = accuracy
        manager.distanceFilter = distanceFilter
        manager.maximumUpdates = maximum
        let updates = manager.updates()
        manager.startUpdatingLocation()
        var delivered: [LocationUpdate] = []
        for await update in updates { delivered.append(update) }
        return delivered
    }

    /// The epoch (seconds after the walk's start) of each location delivered.
    func epochs(_ updates: [LocationUpdate]) -> [Int] {
        updates.compactMap { $0.location }.map { Int(($0.timestamp - Walks.start).components.seconds) }
    }

    @Test func distanceFilterWaitsForMovementUnlessMoreAccurate() async {
        var dilutions: [Double?] = Array(repeating: 1.0, count: 20)
        dilutions[2] = 0.5
        let log = Walks.log(Walks.epochs(count: 20, step: 3, dilutions: dilutions))
        let all = await run(log)
        #expect(epochs(all) == Array(0..<20))
        let filtered = await run(log, distanceFilter: 10)
        // 0 first; 2 moved only 6 m but is more accurate; then every 12 m from there.
        #expect(epochs(filtered) == [0, 2, 6, 10, 14, 18])
    }

    @Test func inaccurateReadingsWaitForAGoodOneOrTheTimeout() async {
        var dilutions: [Double?] = Array(repeating: 4.0, count: 46)  // 20 m: worse than 10 m
        dilutions[3] = 3.0
        dilutions[5] = 1.0  // 5 m: good
        dilutions[20] = 2.5  // 12.5 m: the best of the poor ones after it
        let log = Walks.log(Walks.epochs(count: 46, step: 1, dilutions: dilutions))
        let updates = await run(log, accuracy: .nearestTenMeters)
        let locations = updates.compactMap(\.location)
        // 0–4 are held and dropped for the good 5; 6–36 wait 30 s, then the best held (20) goes
        // out; 37–45 are held until the log ends.
        #expect(epochs(updates) == [5, 20, 45])
        #expect(locations.map(\.horizontalAccuracy) == [5, 12.5, 20])
    }

    @Test func anInfiniteAccuracyTimeoutHoldsPoorReadingsUntilTheEnd() async {
        let manager = LocationManager(
            source: NMEALog(.text(Walks.log(Walks.epochs(count: 5, step: 1, dilutions: [4.0])), name: "walk.nmea")))
        manager.desiredAccuracy = .nearestTenMeters
        manager.accuracyTimeout = .infinity
        let updates = manager.updates()
        manager.startUpdatingLocation()
        var delivered: [LocationUpdate] = []
        for await update in updates { delivered.append(update) }
        #expect(epochs(delivered) == [4], "the best held reading, once the log ends")
    }

    @Test func stopsAfterTenUpdatesLikeTheChapterApp() async {
        let log = Walks.log(Walks.epochs(count: 30, step: 2))
        let updates = await run(log, maximum: 10)
        #expect(epochs(updates) == Array(0..<10))
    }

    final class TenUpdates: LocationManagerDelegate {
        let received = Mutex<[Location]>([])
        let failures = Mutex<[LocationError]>([])
        func locationManager(_ manager: LocationManager, didUpdateTo location: Location, from previous: Location?) {
            let count = received.withLock { list in
                list.append(location)
                return list.count
            }
            if count >= 10 { manager.stopUpdatingLocation() }
        }
        func locationManager(_ manager: LocationManager, didFailWith error: LocationError) {
            failures.withLock { $0.append(error) }
        }
    }

    @Test func aDelegateCanStopAfterTenUpdates() async {
        var text = Walks.log(Walks.epochs(count: 30, step: 2))
        text = text.replacingOccurrences(of: "*", with: "*0", options: [], range: text.range(of: "*"))
        let manager = LocationManager(source: NMEALog(.text(text)))
        let delegate = TenUpdates()
        manager.delegate = delegate
        manager.startUpdatingLocation()
        await manager.waitUntilStopped()
        #expect(delegate.received.withLock { $0.count } == 10)
        #expect(delegate.failures.withLock { $0.map(\.code) } == [.malformed])
        #expect(!manager.isUpdating)
        #expect(manager.deliveredCount == 10)
    }

    @Test func failuresAreDeliveredInOrderAndUpdatesGoOn() async {
        var epochs = Walks.epochs(count: 4, step: 20)
        epochs[1].coordinate = nil
        let updates = await run(Walks.log(epochs))
        #expect(updates.count == 4)
        #expect(updates[1].failure?.code == .noFix)
        #expect(updates[2].location != nil)
        guard case .location(_, let previous) = updates[2] else { return }
        #expect(previous == updates[0].location)
    }

    @Test func nothingFollowsAStopEvenWhenUpdatesWereWaiting() async {
        let manager = LocationManager(source: NMEALog(.text(Walks.log(Walks.epochs(count: 200, step: 1)))))
        let updates = manager.updates()
        manager.startUpdatingLocation()
        await manager.waitUntilStopped()  // all 200 delivered to the sequence, none read yet
        var read = 0
        for await _ in updates {
            read += 1
            if read == 3 { manager.stopUpdatingLocation() }
        }
        #expect(read == 3)
    }
}
