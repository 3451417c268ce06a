import FolioSystem

extension Container {
    /// The directory of the writer journals: `Library/Caches/.folio-writers`.
    package static let journalsPath = SandboxPath(unchecked: .library, ["Caches", ".folio-writers"])

    /// Hidden names for temporary entries in the directory that holds `entry`, recorded in this
    /// container's writer journal (made on first use).
    ///
    /// - Throws: ``FileError`` when the journal cannot be made.
    package func temporaryNames(for entry: ResolvedEntry, operation: String) throws(FileError) -> TemporaryNames {
        TemporaryNames(
            journal: try writerJournal(operation: operation), directory: entry.path.parent?.relativePath ?? "")
    }

    /// This container's writer journal: its liveness lock and the record of its temporary entries.
    package func writerJournal(operation: String) throws(FileError) -> WriterJournal {
        try journal.withLock { slot throws(FileError) -> WriterJournal in
            if let slot {
                return slot
            }
            _ = try makeDirectories(Container.journalsPath, operation: operation)
            let directory = try open(
                Container.journalsPath, flags: [.pathOnly, .directory], followSymbolicLinks: false,
                operation: operation)
            do throws(SystemError) {
                let made = try WriterJournal(in: directory)
                slot = made
                return made
            } catch {
                throw FileError(error, operation: operation, subject: Container.journalsPath.description)
            }
        }
    }

    /// Settles the temporary entries of every writer that is gone: the journals in
    /// `Library/Caches/.folio-writers` whose lock can be taken.
    ///
    /// A journal still locked belongs to a running writer (in this process or another) and is
    /// left alone, with everything it names. A settled journal is removed; one with an entry that
    /// could not be settled stays, to be tried again at the next opening.
    /// - Complexity: one directory read of the journals (usually none or a few), and work only for
    ///   the entries that interrupted writers left; the Home is never walked.
    func recoverInterruptedWrites() -> RecoveryReport {
        var report = RecoveryReport()
        let directory: FileDescriptor
        do {
            directory = try open(
                Container.journalsPath, flags: [.directory], followSymbolicLinks: false, operation: "recover")
        } catch  where error.code == .notFound {
            return report
        } catch {
            report.problems.append(error.description)
            return report
        }
        let reader = DirectoryReader(directory)
        while let entry = reader.next() {
            if TemporaryName.isToken(entry.name.utf8) {
                recoverJournal(entry.name, in: directory, into: &report)
            }
        }
        if let error = reader.error {
            report.problems.append(
                FileError(error, operation: "recover", subject: Container.journalsPath.description).description)
        }
        return report
    }

    private func recoverJournal(_ token: String, in directory: FileDescriptor, into report: inout RecoveryReport) {
        let subject = Container.journalsPath.description + "/" + token
        do {
            let file = try directory.open(token, flags: [.noFollow, .nonBlocking])
            guard try file.lock(.exclusive, waiting: false) else { return }  // Its writer runs.
            let locked = try file.status()
            let named = try directory.status(of: token)
            guard locked.kind == .regular, named.inode == locked.inode, named.device == locked.device else { return }
            var unsettled = 0
            for line in JournalLine.parse(try file.readToEnd(limit: 16 << 20)) {
                do {
                    try settle(line, writer: token, into: &report)
                } catch {
                    unsettled += 1
                    report.problems.append("\(error)")
                }
            }
            if unsettled == 0 {
                try directory.unlink(token)
                report.journals += 1
            }
        } catch  where error.errno == .noSuchFile {
            return  // Another opening settled it first.
        } catch {
            report.problems.append(FileError(error, operation: "recover", subject: subject).description)
        }
    }

    /// Settles one temporary entry of the writer `token`: removes it, or gives a complete staged
    /// directory its name. Only entries whose names carry that token are touched.
    private func settle(_ line: JournalLine, writer token: String, into report: inout RecoveryReport) throws {
        let operation = "recover"
        let path = try SandboxPath(parsing: line.path)
        guard let name = path.name, TemporaryName.writer(of: name) == token, path.area.isWritable else { return }
        guard let entry = try existingEntry(path, operation: operation) else {
            return  // Its directory is gone, and the entry with it.
        }
        let kind: FileKind
        do {
            kind = try entry.directory.status(of: name).kind
        } catch  where error.errno == .noSuchFile {
            return
        } catch {
            throw FileError(error, operation: operation, subject: path.description)
        }
        if case .publish(let finalName) = line.intent, kind == .directory, FileName.isValid(finalName),
            !finalName.hasPrefix("."), try holdsVisibleEntry(name, in: entry.directory, path: path)
        {
            do {
                try entry.directory.rename(name, to: finalName, in: entry.directory, mode: .noReplace)
            } catch {
                throw FileError(error, operation: operation, subject: path.description)
            }
            report.published += 1
            return
        }
        var remover = TreeRemover(progress: nil)
        do {
            try remover.removeTree(named: name, in: entry.directory)
        } catch {
            throw FileError(error, operation: operation, subject: path.description)
        }
        report.removed += 1
    }

    /// The entry at `path`, or nil when its directory no longer exists.
    private func existingEntry(_ path: SandboxPath, operation: String) throws(FileError) -> ResolvedEntry? {
        do {
            return try entry(path, operation: operation)
        } catch {
            if error.code == .notFound || error.code == .notDirectory { return nil }
            throw error
        }
    }

    /// Whether the directory `name` holds an entry whose name does not start with a dot.
    private func holdsVisibleEntry(_ name: String, in directory: FileDescriptor, path: SandboxPath) throws(FileError)
        -> Bool
    {
        do throws(SystemError) {
            let reader = DirectoryReader(try directory.open(name, flags: [.directory, .noFollow]))
            while let entry = reader.next() {
                if !entry.name.hasPrefix(".") { return true }
            }
            if let error = reader.error { throw error }
            return false
        } catch {
            throw FileError(error, operation: "recover", subject: path.description)
        }
    }
}
