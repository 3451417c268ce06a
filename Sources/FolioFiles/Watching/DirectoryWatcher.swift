import FolioSandbox
import FolioSystem
import Foundation

/// Changes in one or more directories of a container, as an `AsyncSequence` of batches: what a
/// live view needs to stay current, including changes made by other programs.
///
/// Each element is the list of changes the kernel had queued when the watcher read it, in the
/// order they happened; a rename between watched directories is one ``DirectoryChange/Kind/renamed(fromDirectory:fromName:)``
/// change. The watches are in place when ``Files/watch(_:)`` returns, so every change made after
/// that is reported. Changes inside subdirectories are not (watch those directories too).
///
/// A thread of its own waits for the kernel (inotify, woken with `poll`), so no task of the
/// cooperative pool is blocked. The watcher stops when the iteration ends, when the task iterating
/// is cancelled, or on ``stop()``; iterate it once.
///
/// ```swift
/// let watcher = try files.watch([.documents])
/// for try await changes in watcher {
///     for change in changes { print(change.kind, change.name) }
/// }
/// ```
public final class DirectoryWatcher: AsyncSequence, Sendable {
    /// A batch of changes.
    public typealias Element = [DirectoryChange]

    /// The directories watched.
    public let directories: [SandboxPath]
    private let stream: AsyncThrowingStream<[DirectoryChange], any Error>
    private let signal: EventSignal

    init(
        inotify: Inotify,
        watches: WatchTable,
        directories: [SandboxPath],
        signal: EventSignal
    ) {
        self.directories = directories
        self.signal = signal
        let (stream, continuation) = AsyncThrowingStream<[DirectoryChange], any Error>.makeStream()
        self.stream = stream
        continuation.onTermination = { _ in signal.raise() }
        let reader = ChangeReader(inotify: inotify, watches: watches, signal: signal, continuation: continuation)
        let thread = Thread { reader.run() }
        thread.name = "Folio directory watcher"
        thread.start()
    }

    deinit {
        signal.raise()
    }

    /// Stops watching; an iteration in progress ends after the changes already read.
    public func stop() {
        signal.raise()
    }

    /// Iterates the batches of changes; the iterator keeps the watcher alive, so
    /// `for try await changes in try files.watch(…)` watches for as long as the loop runs.
    public func makeAsyncIterator() -> Iterator {
        Iterator(watcher: self, base: stream.makeAsyncIterator())
    }

    /// The iterator over batches of changes.
    public struct Iterator: AsyncIteratorProtocol {
        let watcher: DirectoryWatcher
        var base: AsyncThrowingStream<[DirectoryChange], any Error>.Iterator

        /// The next batch, or nil once watching has stopped.
        public mutating func next() async throws -> [DirectoryChange]? {
            try await base.next()
        }
    }
}

/// The loop on the watcher's thread: wait, read, translate, hand over.
private struct ChangeReader: Sendable {
    let inotify: Inotify
    let watches: WatchTable
    let signal: EventSignal
    let continuation: AsyncThrowingStream<[DirectoryChange], any Error>.Continuation

    func run() {
        do {
            while let events = try inotify.waitForEvents(orSignal: signal) {
                let changes = watches.translate(events)
                if !changes.isEmpty {
                    continuation.yield(changes)
                }
            }
            continuation.finish()
        } catch {
            continuation.finish(throwing: FileError(error, operation: "watch", subject: watches.description))
        }
    }
}

extension Files {
    /// Starts watching `directories` for changes (the kernel's inotify).
    ///
    /// - Throws: ``FileError`` when a directory cannot be opened or watched (for example when the
    ///   system's limit of watches is reached).
    public func watch(_ directories: [SandboxPath]) throws(FileError) -> DirectoryWatcher {
        let (inotify, watches) = try watchTable(directories, mask: WatchTable.changes)
        let signal: EventSignal
        do {
            signal = try EventSignal()
        } catch {
            throw failure(error, "watch", directories.first ?? .home)
        }
        return DirectoryWatcher(inotify: inotify, watches: watches, directories: directories, signal: signal)
    }

    /// A new inotify instance watching `directories` for the events in `mask`.
    func watchTable(_ directories: [SandboxPath], mask: InotifyMask) throws(FileError) -> (Inotify, WatchTable) {
        let operation = "watch"
        let inotify: Inotify
        do {
            inotify = try Inotify()
        } catch {
            throw failure(error, operation, directories.first ?? .home)
        }
        var watches: [Int32: (path: SandboxPath, descriptor: FileDescriptor)] = [:]
        for directory in directories {
            let descriptor = try container.open(directory, flags: [.pathOnly, .directory], operation: operation)
            do {
                watches[try inotify.addWatch(descriptor, mask: mask)] = (directory, descriptor)
            } catch {
                throw failure(error, operation, directory)
            }
        }
        return (inotify, WatchTable(watches: watches))
    }
}
