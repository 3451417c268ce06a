import Foundation
import Glibc

/// gpsd replaying an NMEA log, started through `gpsfake` (Debian gpsd-clients) on 127.0.0.1 with
/// a port of its own; stopped when the value is released.
public final class GPSFake: Sendable {
    /// The port gpsd listens on.
    public let port: Int
    private let process: Subprocess
    private let directory: TemporaryDirectory

    /// Starts gpsd on `log` (NMEA sentences), one epoch every `cycle` seconds, once through, and
    /// waits (up to 30 s) until it accepts connections.
    public init(log: String, cycle: Double = 0.05) throws {
        directory = TemporaryDirectory(prefix: "folio-gpsfake")
        let path = directory.appending("log.nmea")
        try Data(log.utf8).write(to: URL(fileURLWithPath: path))
        port = try FreePort.find()
        process = try Subprocess("gpsfake", ["-1", "-q", "-c", String(cycle), "-P", String(port), path])
        let deadline = Date().addingTimeInterval(30)
        while !FreePort.isAccepting(port) {
            guard Date() < deadline else {
                process.kill()
                process.wait()
                throw POSIXError(.ETIMEDOUT)
            }
            usleep(20_000)
        }
    }

    deinit {
        process.kill()
        process.wait()
    }
}
