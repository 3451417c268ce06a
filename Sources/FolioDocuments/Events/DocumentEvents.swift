import FolioFiles

/// The changes in a library as an `AsyncSequence` of ``DocumentEvent``s; see
/// ``DocumentLibrary/events()``.
///
/// Iterate it once; it ends when the iterating task is cancelled or on ``stop()``.
public struct DocumentEvents: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = DocumentEvent

    let watcher: DirectoryWatcher
    let translator: DocumentEventTranslator
    let library: DocumentLibrary
    /// The most events of one batch told one by one (nil: all).
    let refreshAbove: Int?

    /// Stops watching; the iteration ends.
    public func stop() {
        watcher.stop()
    }

    /// The iterator: it translates each batch of changes as it arrives.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var changes: DirectoryWatcher.AsyncIterator
        var translator: DocumentEventTranslator
        let library: DocumentLibrary
        let refreshAbove: Int?
        var pending: [DocumentEvent] = []

        /// The next event, or nil when watching stopped.
        public mutating func next() async throws -> DocumentEvent? {
            while pending.isEmpty {
                guard let batch = try await changes.next() else { return nil }
                let library = self.library
                pending = translator.translate(
                    batch, readCurrent: { library.storedCurrentName() }, listDocuments: { library.documentNames() })
                if let refreshAbove, pending.count > refreshAbove {
                    pending = DocumentEvents.summary(of: pending)
                }
            }
            return pending.removeFirst()
        }
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            changes: watcher.makeAsyncIterator(), translator: translator, library: library, refreshAbove: refreshAbove)
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
