import FolioSandbox

/// A directory a walk shows although it lives elsewhere: the bundle, `Folio.app`, in a walk of
/// the Home. It takes its place among the walked directory's own entries (by name, or last), and
/// a recursive walk goes into it with its paths under the mount's name.
final class MountedDirectory {
    /// The mount as an entry of the walked directory.
    let entry: WalkEntry
    /// Walks the mounted directory with the given options.
    private let open: (WalkOptions) throws -> DirectoryWalker
    private let options: WalkOptions

    private var emitted = false
    private var held: WalkEntry?
    private var child: DirectoryWalker?
    private var enterNext = false
    private var problems: [FileError] = []
    /// Whether the entry returned last came from the mount (the mount itself or one below it).
    private(set) var returnedLast = false

    init(entry: WalkEntry, options: WalkOptions, open: @escaping (WalkOptions) throws -> DirectoryWalker) {
        self.entry = entry
        self.options = options
        self.open = open
    }

    /// Do not go into the mount, or into the directory of it returned last.
    func skipDescendants() {
        if enterNext {
            enterNext = false
        } else {
            child?.skipDescendants()
        }
    }

    /// The failures met below the mount, once.
    func takeProblems() -> [FileError] {
        defer { problems = [] }
        return problems
    }

    /// The next entry of the walk: the walked directory's own (`ownNext`, with `ownSkip` to skip
    /// one's descendants), the mount, or one below it.
    func next(ownNext: () -> WalkEntry?, ownSkip: () -> Void) -> WalkEntry? {
        if enterNext {
            enterNext = false
            enter()
        }
        if let walker = child {
            if let below = walker.next() {
                returnedLast = true
                return rebased(below)
            }
            problems += walker.problems
            child = nil
        }
        returnedLast = false
        if let entry = held {
            held = nil
            return entry
        }
        while !emitted {
            guard let own = ownNext() else { return emit() }
            if own.depth == 1 && own.name == entry.name {
                ownSkip()  // Shadowed by the mount, as a mount point's own contents are.
                continue
            }
            if options.order == .name && own.depth == 1 && entry.name.utf8.lexicographicallyPrecedes(own.name.utf8) {
                held = own
                return emit()
            }
            return own
        }
        return ownNext()
    }

    private func emit() -> WalkEntry? {
        guard !emitted else { return nil }
        emitted = true
        returnedLast = true
        enterNext = options.isRecursive && (options.maximumDepth.map { $0 > 1 } ?? true)
        return entry
    }

    private func enter() {
        var below = options
        below.maximumDepth = options.maximumDepth.map { $0 - 1 }
        do {
            child = try open(below)
        } catch let error as FileError {
            problems.append(error)
        } catch {
            problems.append(FileError(.systemError, operation: "walk", subject: entry.name, reason: "\(error)"))
        }
    }

    private func rebased(_ below: WalkEntry) -> WalkEntry {
        var entry = below
        entry.directory = below.directory.isEmpty ? self.entry.name : self.entry.name + "/" + below.directory
        entry.depth += 1
        return entry
    }
}
