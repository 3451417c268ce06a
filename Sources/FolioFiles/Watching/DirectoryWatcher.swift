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
        watches: [Int32: (path: SandboxPath, descriptor: FileDescriptor)],
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
    let watches: [Int32: (path: SandboxPath, descriptor: FileDescriptor)]
    let signal: EventSignal
    let continuation: AsyncThrowingStream<[DirectoryChange], any Error>.Continuation

    func run() {
        do {
            while let events = try inotify.waitForEvents(orSignal: signal) {
                let changes = translate(events)
                if !changes.isEmpty {
                    continuation.yield(changes)
                }
            }
            continuation.finish()
        } catch {
            continuation.finish(throwing: FileError(error, operation: "watch", subject: watchedList))
        }
    }

    private var watchedList: String {
        watches.values.map(\.path.description).sorted().joined(separator: ", ")
    }

    /// Turns raw events into changes, pairing the two halves of each rename by their cookie.
    func translate(_ events: [InotifyEvent]) -> [DirectoryChange] {
        var changes: [DirectoryChange] = []
        var pendingMoves: [UInt32: (index: Int, directory: SandboxPath, name: String)] = [:]
        for event in events {
            let isDirectory = event.mask.contains(.isDirectory)
            if event.mask.contains(.queueOverflow) {
                let first = watches.values.map(\.path).min() ?? .home
                changes.append(DirectoryChange(directory: first, name: "", kind: .changesLost))
                continue
            }
            guard let watch = watches[event.watch] else { continue }
            let directory = watch.path
            if event.mask.contains(.deletedSelf) || event.mask.contains(.movedSelf) {
                changes.append(DirectoryChange(directory: directory, name: "", kind: .directoryGone))
                continue
            }
            guard let name = event.name, !isUnnamedFile(name, in: watch.descriptor) else { continue }
            let change = { (kind: DirectoryChange.Kind) in
                DirectoryChange(directory: directory, name: name, kind: kind, isDirectory: isDirectory)
            }
            if event.mask.contains(.movedFrom) {
                pendingMoves[event.cookie] = (changes.count, directory, name)
                changes.append(change(.movedOut))
            } else if event.mask.contains(.movedTo) {
                if let from = pendingMoves.removeValue(forKey: event.cookie) {
                    changes[from.index] = change(.renamed(fromDirectory: from.directory, fromName: from.name))
                } else {
                    changes.append(change(.movedIn))
                }
            } else if event.mask.contains(.created) {
                changes.append(change(.created))
            } else if event.mask.contains(.deleted) {
                changes.append(change(.deleted))
            } else if event.mask.contains(.closedAfterWriting) {
                changes.append(change(.modified))
            } else if event.mask.contains(.attributesChanged) {
                changes.append(change(.attributesChanged))
            }
        }
        return changes
    }

    /// Whether `name` stands for a file without a name (`O_TMPFILE`, which the kernel reports as
    /// `#` and its inode number while it is being written) rather than an entry of the directory.
    private func isUnnamedFile(_ name: String, in directory: FileDescriptor) -> Bool {
        guard name.hasPrefix("#"), name.count > 1, name.dropFirst().allSatisfy(\.isASCIIDigitCharacter) else {
            return false
        }
        do {
            _ = try directory.status(of: name, full: false)
            return false
        } catch {
            return true
        }
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}

extension Files {
    /// Starts watching `directories` for changes (the kernel's inotify).
    ///
    /// - Throws: ``FileError`` when a directory cannot be opened or watched (for example when the
    ///   system's limit of watches is reached).
    public func watch(_ directories: [SandboxPath]) throws(FileError) -> DirectoryWatcher {
        let operation = "watch"
        let inotify: Inotify
        let signal: EventSignal
        do {
            inotify = try Inotify()
            signal = try EventSignal()
        } catch {
            throw failure(error, operation, directories.first ?? .home)
        }
        var watches: [Int32: (path: SandboxPath, descriptor: FileDescriptor)] = [:]
        let mask: InotifyMask = [
            .created, .deleted, .closedAfterWriting, .attributesChanged, .movedFrom, .movedTo, .deletedSelf,
            .movedSelf, .onlyDirectory,
        ]
        for directory in directories {
            let descriptor = try container.open(directory, flags: [.pathOnly, .directory], operation: operation)
            do {
                watches[try inotify.addWatch(descriptor, mask: mask)] = (directory, descriptor)
            } catch {
                throw failure(error, operation, directory)
            }
        }
        return DirectoryWatcher(inotify: inotify, watches: watches, directories: directories, signal: signal)
    }
}
