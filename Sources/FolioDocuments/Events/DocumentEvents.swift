import FolioFiles

/// The changes in a library as an `AsyncSequence` of ``DocumentEvent``s; see
/// ``DocumentLibrary/events()``.
///
/// Iterate it once; it ends when the iterating task is cancelled or on ``stop()``.
public struct DocumentEvents: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = DocumentEvent

    let watching: WatchedLibrary
    let translator: DocumentEventTranslator
    let library: DocumentLibrary
    let gathering: Duration
    /// The most events of one batch told one by one (nil: all).
    let refreshAbove: Int?

    /// Stops watching; the iteration ends.
    public func stop() {
        watching.stop()
    }

    /// The iterator: it translates each batch of changes as it arrives, and watches the folders
    /// again when folders came or went.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var changes: DirectoryWatcher.AsyncIterator
        var translator: DocumentEventTranslator
        let watching: WatchedLibrary
        let library: DocumentLibrary
        let gathering: Duration
        let refreshAbove: Int?
        var pending: [DocumentEvent] = []

        /// The next event, or nil when watching stopped.
        public mutating func next() async throws -> DocumentEvent? {
            while pending.isEmpty {
                guard let batch = try await changes.next() else { return nil }
                let library = self.library
                pending = translator.translate(
                    batch, readCurrent: { library.storedCurrentName() }, listDocuments: { library.documentNames() })
                if translator.foldersChanged {
                    try rewatch()
                }
                if let refreshAbove, pending.count > refreshAbove {
                    pending = DocumentEvents.summary(of: pending)
                }
            }
            return pending.removeFirst()
        }

        /// Watches the folders as they are now; what appeared or went while no watch covered it
        /// is told as created or deleted.
        private mutating func rewatch() throws(DocumentError) {
            let (watcher, names) = try library.watchLibrary(gathering: gathering)
            guard watching.replace(with: watcher) else { return }
            changes = watcher.makeAsyncIterator()
            let missed = names.subtracting(translator.known).sorted()
            let gone = translator.known.subtracting(names).sorted()
            translator.known = names
            pending += gone.map(DocumentEvent.deleted) + missed.map(DocumentEvent.created)
        }
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            changes: watching.current.makeAsyncIterator(), translator: translator, watching: watching,
            library: library, gathering: gathering, refreshAbove: refreshAbove)
    }

    /// A large batch told in short: list everything again, then the last change of the current
    /// document, if there was one.
    static func summary(of events: [DocumentEvent]) -> [DocumentEvent] {
        var summary: [DocumentEvent] = [.refreshNeeded]
        if let current = events.last(where: { if case .currentChanged = $0 { true } else { false } }) {
            summary.append(current)
        }
        return summary
    }
}
