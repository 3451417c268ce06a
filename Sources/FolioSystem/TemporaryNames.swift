/// Where a writer makes its temporary entries: one directory, and the journal that records them.
///
/// Every hidden name Folio gives an entry for the length of an operation comes from ``claim(beside:intent:)``,
/// which records it (with what to do if the writer dies) before the entry can exist. That record
/// is what lets a container opened after a crash find the leftovers without walking the Home.
package struct TemporaryNames: Sendable {
    /// The writer's journal.
    package let journal: WriterJournal
    /// The directory's container path (`Documents`, `Library/Trash`), as recovery resolves it.
    package let directory: String

    /// Temporary names in `directory`, recorded in `journal`.
    package init(journal: WriterJournal, directory: String) {
        self.journal = journal
        self.directory = directory
    }

    /// Records and returns a fresh hidden name beside `name`.
    ///
    /// - Parameter intent: what recovery does with the entry if this writer dies before releasing it.
    /// - Throws: ``SystemError`` when the journal cannot be written (a full disk): then nothing
    ///   may be made under the name.
    package func claim(beside name: String, intent: TemporaryIntent = .discard) throws(SystemError) -> TemporaryClaim {
        let hidden = TemporaryName.make(beside: name, writer: journal.token)
        let path = directory.isEmpty ? hidden : directory + "/" + hidden
        let identifier = try journal.record(JournalLine(intent: intent, path: path))
        return TemporaryClaim(name: hidden, directory: directory, journal: journal, identifier: identifier)
    }
}
