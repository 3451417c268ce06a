import Foundation

/// Whether `condition` holds within `timeout` seconds, checked every 10 ms: for what a test can
/// only observe from outside (another process, a server's threads), never to order its own steps.
public func eventually(within timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(10_000)
    }
    return true
}
