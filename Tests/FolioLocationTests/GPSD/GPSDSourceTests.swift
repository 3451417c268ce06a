import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioLocation

/// gpsd itself, started through gpsfake with an NMEA log the test writes, on 127.0.0.1.
@Suite struct GPSDSourceTests {
    @Test func deliversTheLogsFixesThroughGPSD() async throws {
        // An epoch every 0.05 s: 20 s of log, though ten fixes end the test. gpsd uses the first
        // sentences to recognise the receiver, so the first fixes may not come through.
        let epochs = Walks.epochs(count: 400, step: 5)
        let gpsd = try GPSFake(log: Walks.log(epochs))
        let manager = LocationManager(source: GPSDSource(host: "127.0.0.1", port: gpsd.port))
        manager.maximumUpdates = 10
        let updates = manager.updates()
        manager.startUpdatingLocation()
        // A gpsd that stops sending (the log ended before ten fixes) would keep the stream open:
        // the time limit stops the manager so the test fails instead of waiting for ever.
        let delivered = try await collect(
            updates, timeout: .seconds(60), stop: { manager.stopUpdatingLocation() }, until: { _ in false })
        let locations = delivered.compactMap(\.location)
        let failures = delivered.compactMap(\.failure)
        #expect(locations.count == 10, "failures: \(failures)")
        let expected = Dictionary(uniqueKeysWithValues: epochs.map { ($0.time, $0.coordinate) })
        for location in locations {
            let logged = try #require(expected[location.timestamp] ?? nil, "no epoch at \(location.timestamp)")
            #expect(location.coordinate.distance(to: logged) < 0.2)  // NMEA keeps 0.0001 minute: 0.19 m
            #expect(location.horizontalAccuracy > 0)
        }
        let times = locations.map(\.timestamp)
        #expect(times == times.sorted())
    }

    @Test func aRefusedConnectionIsDeliveredAsAFailure() async throws {
        let port = try FreePort.find()
        let manager = LocationManager(source: GPSDSource(host: "127.0.0.1", port: port))
        let updates = manager.updates()
        manager.startUpdatingLocation()
        var delivered: [LocationUpdate] = []
        for await update in updates { delivered.append(update) }
        #expect(delivered.count == 1)
        #expect(delivered.first?.failure?.code == .connectionFailed)
        #expect(delivered.first?.failure?.reason.contains("Connection refused") == true)
        #expect(delivered.first?.failure?.errno == ECONNREFUSED)
    }
}
