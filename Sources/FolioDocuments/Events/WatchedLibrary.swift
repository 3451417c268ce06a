import FolioFiles
import Synchronization

/// The watcher of a library's ``DocumentEvents``, replaced when folders come or go, and stopped
/// from any task.
final class WatchedLibrary: Sendable {
    private let state: Mutex<(watcher: DirectoryWatcher, stopped: Bool)>

    init(_ watcher: DirectoryWatcher) {
        state = Mutex((watcher, false))
    }

    /// The watcher in use.
    var current: DirectoryWatcher {
        state.withLock { $0.watcher }
    }

    /// Puts `watcher` in place of the one in use, which stops; false (and `watcher` stopped) when
    /// watching was stopped meanwhile.
    func replace(with watcher: DirectoryWatcher) -> Bool {
        let old: DirectoryWatcher? = state.withLock { state in
            guard !state.stopped else { return nil }
            defer { state.watcher = watcher }
            return state.watcher
        }
        guard let old else {
            watcher.stop()
            return false
        }
        old.stop()
        return true
    }

    /// Stops watching: the iteration ends.
    func stop() {
        state.withLock { state in
            state.stopped = true
            return state.watcher
        }
        .stop()
    }
}
