import FolioSandbox
import FolioSystem

/// One directory of a walk, read and described, ready to be returned entry by entry: the whole
/// directory, or in the filesystem's order a part of it (``partLimit`` entries) followed by a
/// ``continuation`` that reads on, so memory never holds a large directory whole.
///
/// A directory is read by whichever thread gets to it first (a ``WalkScheduler`` thread reading
/// ahead, or the walk's own when it needs the directory next): it is opened relative to its
/// parent's descriptor without following a link, read with `getdents64`, sorted if asked, and
/// each entry described with `statx` relative to its descriptor. What goes wrong is kept with the
/// place in the directory where the walk reports it, so a directory read ahead and then skipped
/// reports nothing.
final class WalkDirectory: @unchecked Sendable {
    // Safety: `state` is read and written only with the scheduler's lock held. The other `var`s
    // are written by the one thread that reads the directory, before it marks the directory
    // `.read` under that lock, and read only after the reader of them saw `.read` under it.

    enum State {
        /// Waiting for a thread.
        case waiting
        /// Being read.
        case reading
        /// Read: ``entries`` and the rest are complete.
        case read
        /// Skipped by the walk: whatever it read is dropped, and so are its subdirectories.
        case skipped
    }

    /// A failure and the entry before which the walk reports it (``count``: after the last).
    struct Problem {
        let before: Int
        let error: FileError
    }

    /// A subdirectory to descend into after the entry at `index` is returned (when the walk
    /// renders, after ``rendered`` up to `renderedEnd`, the end of that entry's bytes).
    struct Subdirectory {
        let index: Int
        let renderedEnd: Int
        let directory: WalkDirectory
    }

    /// What reading the directory collects, kept in a local value while it is read (so adding an
    /// entry touches no shared storage) and stored in the directory when it is done.
    private struct Collected {
        var entries: [WalkEntry] = []
        var rendered: [UInt8] = []
        var count = 0
        var subdirectories: [Subdirectory] = []
        var problems: [Problem] = []
    }

    /// The most entries one part of a directory holds in the filesystem's order.
    static let partLimit = 1024

    /// Where the directory comes in the walk: the positions among their siblings' subdirectories
    /// of it and its ancestors, so comparing keys compares places in the depth-first order. (A
    /// continuation's key is its part's with the number of the part's subdirectories appended:
    /// it comes after them.)
    let key: [Int32]
    /// The directory's path relative to the walked directory (empty for the walked directory).
    let prefix: String
    /// The depth of the directory's entries.
    let depth: Int
    /// The directory's name in its parent (empty for the walked directory).
    private let name: EntryName
    /// The parent's descriptor, until this directory is opened from it.
    private var parent: FileDescriptor?
    /// The directory's own descriptor, from when it is opened until it is read.
    private var descriptor: FileDescriptor?
    /// The reader a continuation reads on with.
    private var reader: DirectoryReader?

    var state = State.waiting
    /// The entries in the order the walk returns them (empty when the walk renders).
    private(set) var entries: [WalkEntry] = []
    /// The entries' bytes, in the walk's order, when the walk renders them.
    private(set) var rendered: [UInt8] = []
    /// The number of entries read (returned as ``entries``, or rendered).
    private(set) var count = 0
    /// The subdirectories to descend into, in the order of their entries.
    private(set) var subdirectories: [Subdirectory] = []
    /// The failures, in the order of the entries they are reported before.
    private(set) var problems: [Problem] = []
    /// The rest of the directory, when this is a part of it.
    private(set) var continuation: WalkDirectory?

    /// The walked directory itself, already open.
    init(root descriptor: FileDescriptor) {
        self.key = []
        self.prefix = ""
        self.depth = 1
        self.name = EntryName(text: "")
        self.descriptor = descriptor
    }

    private init(
        key: [Int32], parent: FileDescriptor, name: EntryName, prefix: String, depth: Int
    ) {
        self.key = key
        self.parent = parent
        self.name = name
        self.prefix = prefix
        self.depth = depth
    }

    /// The part of a directory after `part` (which has `subdirectories`), read on with `reader`.
    private init(after part: WalkDirectory, subdirectories: Int, reader: DirectoryReader, descriptor: FileDescriptor) {
        self.key = part.key + [Int32(truncatingIfNeeded: subdirectories)]
        self.name = part.name
        self.prefix = part.prefix
        self.depth = part.depth
        self.reader = reader
        self.descriptor = descriptor
    }

    /// Whether this directory comes before `other` in the walk.
    func precedes(_ other: WalkDirectory) -> Bool {
        key.lexicographicallyPrecedes(other.key)
    }

    /// Drops what the directory holds (when it is skipped).
    func discard() {
        entries = []
        rendered = []
        subdirectories = []
        problems = []
        continuation = nil
        parent = nil
        descriptor = nil
        reader = nil
    }

    /// Opens (when needed), reads and describes the directory as `walk` asks.
    func read(_ walk: WalkReading) {
        var collected = Collected()
        defer {
            parent = nil
            descriptor = nil  // Its subdirectories keep it open until they are opened themselves.
            reader = nil
            entries = collected.entries
            rendered = collected.rendered
            count = collected.count
            subdirectories = collected.subdirectories
            problems = collected.problems
        }
        if descriptor == nil, let parent {
            do {
                descriptor = try parent.open(name, flags: [.directory, .noFollow])
            } catch  where error.errno == .noSuchFile {
                return  // Removed or renamed while the walk was running: nothing to descend into.
            } catch {
                collected.problems.append(Problem(before: 0, error: walk.failure(error, prefix)))
                return
            }
        }
        guard let descriptor else { return }
        let reader = self.reader ?? DirectoryReader(descriptor)
        let render = walk.renderer?.makeRender()
        switch walk.options.order {
        case .filesystem:
            while let raw = reader.next() {
                add(raw, in: descriptor, walk, render, to: &collected) { full throws(SystemError) in
                    try reader.statusOfLastEntry(full: full)
                }
                if collected.count >= WalkDirectory.partLimit {
                    continuation = WalkDirectory(
                        after: self, subdirectories: collected.subdirectories.count, reader: reader,
                        descriptor: descriptor)
                    return
                }
            }
        case .name:
            let sorted = SortedDirectory(reader, directory: descriptor)
            while let raw = sorted.next() {
                add(raw, in: descriptor, walk, render, to: &collected) { full throws(SystemError) in
                    try sorted.statusOfLastEntry(full: full)
                }
            }
        }
        if let error = reader.error {
            collected.problems.append(Problem(before: collected.count, error: walk.failure(error, prefix)))
        }
    }

    /// Describes the entry `raw` and adds it (or its rendered bytes) to `collected`, with a
    /// subdirectory to descend into when it is one.
    private func add(
        _ raw: DirectoryEntry, in directory: FileDescriptor, _ walk: WalkReading,
        _ render: ((WalkEntry, inout [UInt8]) -> Void)?, to collected: inout Collected,
        status: (Bool) throws(SystemError) -> FileStatus
    ) {
        let options = walk.options
        if !options.includesHidden && raw.name.utf8.first == 0x2E {
            return
        }
        var entry = WalkEntry(directory: prefix, name: raw.name, type: FileType(raw.kind), depth: depth)
        if options.detail != .names || raw.kind == .unknown {
            do throws(SystemError) {
                let full = options.detail == .full
                // The name is still in the reader's (or the sorted list's) buffer: described from there.
                let status = try status(full)
                entry.type = FileType(status.kind)
                if options.detail != .names {
                    entry.size = status.size
                    entry.modificationTime = FileAttributes.time(status.modified)
                    entry.posixPermissions = walk.isWritable ? status.permissions : status.permissions & ~0o222
                }
                if full {
                    var attributes = Files.attributes(status: status, name: raw.name, in: directory)
                    if !walk.isWritable { attributes.posixPermissions &= ~0o222 }
                    entry.attributes = attributes
                }
            } catch  where error.errno == .noSuchFile {
                return  // Removed while the walk was running.
            } catch {
                collected.problems.append(Problem(before: collected.count, error: walk.failure(error, entry.path)))
            }
        }
        if let render {
            render(entry, &collected.rendered)
        }
        if entry.type == .directory && options.isRecursive && (options.maximumDepth.map { depth < $0 } ?? true) {
            let child = WalkDirectory(
                key: key + [Int32(truncatingIfNeeded: collected.subdirectories.count)], parent: directory,
                name: raw.nameOnDisk, prefix: entry.path, depth: depth + 1)
            collected.subdirectories.append(
                Subdirectory(index: collected.count, renderedEnd: collected.rendered.count, directory: child))
        }
        collected.count += 1
        if render == nil {
            collected.entries.append(entry)
        }
    }
}

/// What every directory of one walk is read with.
struct WalkReading: Sendable {
    let root: SandboxPath
    let options: WalkOptions
    /// Whether the walked area may be written (otherwise write permission is never reported).
    let isWritable: Bool
    /// What renders the entries as they are read, when the walk renders.
    var renderer: AnyWalkRenderer?

    /// A failure at `relative`, below the walked directory.
    func failure(_ error: SystemError, _ relative: String) -> FileError {
        let base = root.description
        let subject = relative.isEmpty ? base : base == "." ? relative : base + "/" + relative
        return FileError(error, operation: "walk", subject: subject)
    }
}
