import FolioHTTP
import Foundation
import Synchronization

/// Pages of the document list kept in memory, as the JSON sent, until the library changes.
///
/// A page is kept as ``SharedBytes``, so the server prepares its answer once and sends the same
/// prepared answer to every request for it.
///
/// A page costs a read of `Documents/` and a `statx` per document on the page; the browser asks
/// for the same pages again and again. The cache answers them from memory while nothing changed:
/// it is emptied after every request that can change something (any method but GET and HEAD)
/// and on every change the library's watcher reports (other programs, the command line), so a
/// page is never older than the change stream that tells the browser to reload it.
///
/// It works only while the change stream runs (``isEnabled``): without it an outside change would
/// go unseen. A page read while a change happened is not kept (a generation number tells).
final class ListingCache: Sendable {
    private struct State {
        var isEnabled = false
        var generation: UInt64 = 0
        var pages: [String: SharedBytes] = [:]
    }

    /// The most pages kept; when full, the cache starts again empty.
    static let capacity = 256

    private let state = Mutex(State())

    /// Whether pages are kept (the change stream is running).
    var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set {
            state.withLock { state in
                state.isEnabled = newValue
                state.generation &+= 1
                state.pages.removeAll()
            }
        }
    }

    /// The page kept for `key`, or, when there is none, the generation to store a fresh one with.
    func lookup(_ key: String) -> (page: SharedBytes?, generation: UInt64) {
        state.withLock { state in
            (state.isEnabled ? state.pages[key] : nil, state.generation)
        }
    }

    /// Keeps `page` for `key` unless the library changed since `generation` was read.
    func store(_ page: SharedBytes, for key: String, readAt generation: UInt64) {
        state.withLock { state in
            guard state.isEnabled, state.generation == generation else { return }
            if state.pages.count >= ListingCache.capacity {
                state.pages.removeAll()
            }
            state.pages[key] = page
        }
    }

    /// The key of the page a query asks for: its kind, sort, offset and limit as sent.
    static func key(for query: [String: String]) -> String {
        (query["kind"] ?? "") + "|" + (query["sort"] ?? "") + "|" + (query["offset"] ?? "") + "|"
            + (query["limit"] ?? "")
    }

    /// Forgets every page: something changed.
    func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.pages.removeAll()
        }
    }
}
