import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The API keys of a ``CSVGeocoder``: which one is next, which were refused, which rest after
/// using up their quota. Shared by copies of the geocoder.
final class KeyRing: Sendable {
    private struct State {
        var keys: [String]
        var next = 0
        var refused: Set<String> = []
        var restingUntil: [String: Date] = [:]
        var cooldown: TimeInterval = 60
    }

    private let state: Mutex<State>

    /// One session for every geocoder: ephemeral, no cookies or cache.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration)
    }()

    init(keys: [String]) {
        state = Mutex(State(keys: keys))
    }

    var cooldown: TimeInterval {
        get { state.withLock { $0.cooldown } }
        set { state.withLock { $0.cooldown = newValue } }
    }

    var activeKeys: [String] {
        state.withLock { state in state.keys.filter { !state.refused.contains($0) } }
    }

    /// The usable keys, starting with the next in turn; the turn advances by one.
    func rotation(now: Date = Date()) -> [String] {
        state.withLock { state in
            let count = state.keys.count
            guard count > 0 else { return [] }
            let start = state.next % count
            state.next = (start + 1) % count
            return (0..<count).map { state.keys[(start + $0) % count] }.filter { key in
                !state.refused.contains(key) && (state.restingUntil[key].map { $0 <= now } ?? true)
            }
        }
    }

    /// Records that the service refused `key` (`.badKey`) or found it over quota.
    func mark(_ key: String, _ code: LocationError.Code, now: Date = Date()) {
        state.withLock { state in
            if code == .badKey {
                state.refused.insert(key)
            } else {
                state.restingUntil[key] = now.addingTimeInterval(state.cooldown)
            }
        }
    }

    /// The error when no key is usable.
    func exhaustion(query: String) -> LocationError {
        state.withLock { state in
            let allRefused = state.keys.allSatisfy { state.refused.contains($0) }
            return LocationError(
                allRefused ? .badKey : .quotaExceeded, operation: "geocode", subject: "\"\(query)\"",
                reason: allRefused
                    ? "the service has refused every key" : "every key is over its quota; try again later")
        }
    }
}
