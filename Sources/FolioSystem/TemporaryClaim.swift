import Synchronization

/// A hidden name one writer has recorded in its ``WriterJournal`` before making an entry under it.
///
/// While the claim lasts, the journal says the entry may exist; releasing it (explicitly, or when
/// the claim is released from memory) says the entry is gone or has its final name. A claim kept
/// for recovery stays in the journal, so the entry is settled once the writer is gone.
package final class TemporaryClaim: Sendable {
    /// The hidden name, in the directory the claim was made for.
    package let name: String
    /// The container path of that directory, as the journal records it.
    package let directory: String
    private let journal: WriterJournal
    private let identifier: UInt64
    private let settled = Atomic(false)

    init(name: String, directory: String, journal: WriterJournal, identifier: UInt64) {
        self.name = name
        self.directory = directory
        self.journal = journal
        self.identifier = identifier
    }

    deinit {
        release()
    }

    /// Says the entry is gone or renamed: recovery need not look for it.
    package func release() {
        guard !settled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        journal.release(identifier)
    }

    /// Leaves the entry to recovery: used when removing it failed. It is settled (by its intent)
    /// the next time the container is opened after this writer is gone.
    package func keepForRecovery() {
        _ = settled.exchange(true, ordering: .acquiringAndReleasing)
    }
}
