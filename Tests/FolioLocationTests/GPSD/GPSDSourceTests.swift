import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioLocation

/// gpsd itself, started through gpsfake with an NMEA log the test writes, on 127.0.0.1.
@Suite struct GPSDSourceTests {
    @Test func deliversTheLogsFixesThroughGPSD() async throws {
        let directory = TemporaryDirectory(prefix: "folio-gpsfake")
        let epochs = Walks.epochs(count: 400, step: 5)
        let logPath = directory.appending("walk.nmea")
        try Data(Walks.log(epochs).utf8).write(to: URL(fileURLWithPath: logPath))
        let port = try FreePort.find()
        // -c 0.05: an epoch every 0.05 s (20 s of log, though ten fixes end the test); -1: once
        // through; -q: quiet. gpsd uses the first sentences to recognise the receiver, so the
        // first fixes may not come through.
        let gpsfake = try Subprocess(
            "gpsfake", ["-1", "-q", "-c", "0.05", "-P", String(port), logPath],
            standardError: FileHandle.nullDevice.fileDescriptor)
        defer {
            gpsfake.kill()
            gpsfake.wait()
        }
        let manager = LocationManager(source: RetryingSource(GPSDSource(host: "127.0.0.1", port: port)))
        manager.maximumUpdates = 10
        let updates = manager.updates()
        manager.startUpdatingLocation()
        var locations: [Location] = []
        var failures: [LocationError] = []
        for await update in updates {
            if let location = update.location { locations.append(location) }
            if let failure = update.failure { failures.append(failure) }
        }
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
    }
}

/// Connects to gpsd again while gpsfake is still starting it (connection refused), for at most
/// thirty seconds: waiting on the event, not on a fixed sleep.
struct RetryingSource: LocationSource {
    let inner: GPSDSource
    init(_ inner: GPSDSource) { self.inner = inner }
    var name: String { inner.name }

    func events() -> AsyncStream<LocationSourceEvent> {
        let inner = self.inner
        return AsyncStream { continuation in
            let task = Task {
                let deadline = Date().addingTimeInterval(30)
                attempts: while !Task.isCancelled {
                    for await event in inner.events() {
                        if case .failure(let error) = event, error.code == .connectionFailed,
                            error.reason.contains("refused"), Date() < deadline
                        {
                            try? await Task.sleep(for: .milliseconds(50))
                            continue attempts
                        }
                        continuation.yield(event)
                    }
                    break
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then released).
enum FreePort {
    static func find() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EINVAL) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
