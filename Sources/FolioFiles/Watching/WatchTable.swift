import FolioSandbox
import FolioSystem

/// The directories one inotify instance watches, by watch descriptor, and the translation of its
/// raw events into ``DirectoryChange``s: what ``DirectoryWatcher`` and ``DirectoryChangeQueue``
/// share.
struct WatchTable: Sendable, CustomStringConvertible {
    /// Each watch's directory and a descriptor of it (kept open: the watch refers to it).
    let watches: [Int32: (path: SandboxPath, descriptor: FileDescriptor)]

    /// What a watcher asks the kernel for: entries created, removed, renamed, written and closed,
    /// their metadata changed, and the directory itself going away.
    static let changes: InotifyMask = [
        .created, .deleted, .closedAfterWriting, .attributesChanged, .movedFrom, .movedTo, .deletedSelf,
        .movedSelf, .onlyDirectory,
    ]

    /// The watched directories, for messages.
    var description: String {
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
            } else if event.mask.contains(.closedAfterWriting) || event.mask.contains(.written) {
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
