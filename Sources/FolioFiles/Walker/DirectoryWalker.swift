import FolioCore
import FolioSandbox
import FolioSystem
import Foundation

/// A lazy, depth-first walk of a directory in a container: the `NSDirectoryEnumerator` role.
///
/// Entries come one at a time, depth first, each directory's in name order (or the filesystem's).
/// Each directory is read with `getdents64` in 64 KiB batches and each entry described with
/// `statx` relative to its directory's descriptor; a subdirectory is opened relative to its
/// parent's descriptor without following a link, so a walk never leaves the walked directory and
/// symbolic links are reported, never followed.
///
/// A recursive walk reads directories ahead of the caller on several threads (one per active core
/// unless ``WalkOptions/threads`` says otherwise), each directory whole, and returns their entries
/// in exactly the order a walk on one thread does. In the filesystem's order a directory is read
/// in parts of about a thousand entries, so even a directory of millions streams. ``skipDescendants()`` right after a directory
/// is returned means nothing below it is returned or reported, even if it was read ahead. Read
/// ahead is bounded (about 65,000 entries and 512 directories), so memory does not grow with the
/// size of the tree. A caller that only turns entries into bytes (a listing) can have them
/// rendered on those threads too, with ``render(with:write:)``.
///
/// A directory that cannot be read (permissions, removed meanwhile) does not end the walk: the
/// failure is kept in ``problems`` and the walk goes on, as `find` does.
///
/// A walk of the Home shows the container as people see it: the bundle is one of its
/// directories, `Folio.app` (in name order among the others, or last in filesystem order), and a
/// recursive walk goes into it. Everything in the bundle is reported without write permission,
/// since nothing there can be changed.
///
/// ```swift
/// let walker = try files.walk(.documents, options: WalkOptions(detail: .basic, order: .name))
/// while let entry = walker.next() {
///     if entry.name == "Caches" { walker.skipDescendants() }
///     print(entry.path, entry.size ?? 0)
/// }
/// ```
/// - Complexity: O(n) system calls in the number of entries for `.basic` and `.full`; O(n / 2000)
///   for `.names` on filesystems that report entry types. Memory is O(depth) directories plus the
///   bounded read ahead; with `.name` order a directory is held whole while its entries are
///   returned.
public final class DirectoryWalker: Sequence, IteratorProtocol {
    /// A directory whose entries are being returned, used in place (`stack[top]`), never copied.
    private struct Frame {
        let directory: WalkDirectory
        let entries: [WalkEntry]
        let subdirectories: [WalkDirectory.Subdirectory]
        let problems: [WalkDirectory.Problem]
        var position = 0
        var nextSubdirectory = 0
        var nextProblem = 0

        init(_ directory: WalkDirectory) {
            self.directory = directory
            entries = directory.entries
            subdirectories = directory.subdirectories
            problems = directory.problems
        }
    }

    /// The directory being walked.
    public let root: SandboxPath
    /// The attributes of the directory being walked (the enumerator's `directoryAttributes`).
    public let directoryAttributes: FileAttributes
    /// How the walk proceeds.
    public let options: WalkOptions
    /// Directories that could not be read, and entries that could not be described.
    public internal(set) var problems: [FileError] = []

    let scheduler: WalkScheduler
    private var stack: [Frame] = []
    /// The directory returned last, to descend into on the next call unless it is skipped.
    var pending: WalkDirectory?
    /// Whether ``next()`` has been called (a walk renders its directories only from its start).
    var hasStarted: Bool { !stack.isEmpty || pending == nil }
    /// The bundle shown as a directory of the walked Home, when the Home is walked.
    let mount: MountedDirectory?

    init(
        root: SandboxPath, descriptor: FileDescriptor, attributes: FileAttributes, options: WalkOptions,
        mount: MountedDirectory? = nil
    ) {
        self.root = root
        self.directoryAttributes = attributes
        self.options = options
        self.mount = mount
        let threads = options.isRecursive && options.maximumDepth != 1 ? options.threads ?? WalkOptions.activeCores : 0
        scheduler = WalkScheduler(
            reading: WalkReading(root: root, options: options, isWritable: root.area.isWritable), threads: threads)
        pending = WalkDirectory(root: descriptor)
    }

    deinit {
        scheduler.stop()
    }

    /// Do not descend into the directory ``next()`` returned last (has no effect after a file).
    public func skipDescendants() {
        if let mount, mount.returnedLast {
            mount.skipDescendants()
        } else {
            skipOwn()
        }
    }

    private func skipOwn() {
        if let directory = pending {
            pending = nil
            scheduler.skip(directory)
        }
    }

    /// The next entry, or nil when the walk is over.
    public func next() -> WalkEntry? {
        guard let mount else { return nextOwn() }
        if let entry = mount.next(ownNext: nextOwn, ownSkip: skipOwn) {
            return entry
        }
        problems += mount.takeProblems()
        return nil
    }

    /// The next entry of the walked directory itself, mounts aside.
    private func nextOwn() -> WalkEntry? {
        if let directory = pending {
            pending = nil
            scheduler.take(directory)
            stack.append(Frame(directory))
        }
        while !stack.isEmpty {
            let top = stack.count - 1
            let position = stack[top].position
            while stack[top].nextProblem < stack[top].problems.count
                && stack[top].problems[stack[top].nextProblem].before == position
            {
                problems.append(stack[top].problems[stack[top].nextProblem].error)
                stack[top].nextProblem += 1
            }
            guard position < stack[top].entries.count else {
                scheduler.release(stack[top].directory)
                if let continuation = stack[top].directory.continuation {
                    scheduler.take(continuation)
                    stack[top] = Frame(continuation)
                    continue
                }
                stack.removeLast()
                if stack.isEmpty { scheduler.stop() }
                continue
            }
            stack[top].position = position + 1
            let next = stack[top].nextSubdirectory
            if next < stack[top].subdirectories.count && stack[top].subdirectories[next].index == position {
                pending = stack[top].subdirectories[next].directory
                stack[top].nextSubdirectory = next + 1
            }
            return stack[top].entries[position]
        }
        return nil
    }
}
