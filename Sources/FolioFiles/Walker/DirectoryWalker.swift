import FolioCore
import FolioSandbox
import FolioSystem
import Foundation

/// A lazy, depth-first walk of a directory in a container: the `NSDirectoryEnumerator` role.
///
/// Entries come one at a time as the walk proceeds; a directory is opened only when the walk
/// reaches it, so ``skipDescendants()`` right after a directory is returned means it is never read.
/// Each directory is read with `getdents64` in 64 KiB batches and each entry described with
/// `statx` relative to its directory's descriptor; symbolic links are reported, never followed.
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
///   for `.names` on filesystems that report entry types. Memory is O(depth) directories, plus one
///   directory's names with `.name` order.
public final class DirectoryWalker: Sequence, IteratorProtocol {
    private struct Frame {
        let descriptor: FileDescriptor
        let reader: DirectoryReader
        let prefix: String
        let depth: Int
        /// The directory's entries in name order, read on first use (with `.name` order).
        var sorted: SortedDirectory?
    }

    private struct Pending {
        let parent: FileDescriptor
        let name: String
        let path: String
        let depth: Int
    }

    /// The directory being walked.
    public let root: SandboxPath
    /// The attributes of the directory being walked (the enumerator's `directoryAttributes`).
    public let directoryAttributes: FileAttributes
    /// How the walk proceeds.
    public let options: WalkOptions
    /// Directories that could not be read, and entries that could not be described.
    public private(set) var problems: [FileError] = []

    private var stack: [Frame] = []
    private var pending: Pending?
    /// The bundle shown as a directory of the walked Home, when the Home is walked.
    private var mount: MountedDirectory?

    init(
        root: SandboxPath, descriptor: FileDescriptor, attributes: FileAttributes, options: WalkOptions,
        mount: MountedDirectory? = nil
    ) {
        self.root = root
        self.directoryAttributes = attributes
        self.options = options
        self.mount = mount
        stack.append(Frame(descriptor: descriptor, reader: DirectoryReader(descriptor), prefix: "", depth: 1))
    }

    /// Do not descend into the directory ``next()`` returned last (has no effect after a file).
    public func skipDescendants() {
        if let mount, mount.returnedLast {
            mount.skipDescendants()
        } else {
            pending = nil
        }
    }

    /// The next entry, or nil when the walk is over.
    public func next() -> WalkEntry? {
        guard let mount else { return nextOwn() }
        if let entry = mount.next(ownNext: nextOwn, ownSkip: { pending = nil }) {
            return entry
        }
        problems += mount.takeProblems()
        return nil
    }

    /// The next entry of the walked directory itself, mounts aside.
    private func nextOwn() -> WalkEntry? {
        if let directory = pending {
            pending = nil
            descend(into: directory)
        }
        // The frame is used in place (`stack[top]`), never copied: a copy retains each of its
        // references, once per entry of the walk.
        while !stack.isEmpty {
            let top = stack.count - 1
            guard let raw = nextRawEntry() else {
                if let error = stack[top].reader.error {
                    problems.append(FileError(error, operation: "walk", subject: describe(stack[top].prefix)))
                }
                stack.removeLast()
                continue
            }
            if !options.includesHidden && raw.name.utf8.first == 0x2E {
                continue
            }
            // Described after `nextRawEntry()`: the first entry of a sorted walk is what creates
            // the frame's sorted list, and the entry must be described from that list.
            guard let entry = describe(raw, frame: top) else {
                continue
            }
            let depth = stack[top].depth
            if entry.type == .directory && options.isRecursive && (options.maximumDepth.map { depth < $0 } ?? true) {
                pending = Pending(parent: stack[top].descriptor, name: raw.name, path: entry.path, depth: depth + 1)
            }
            return entry
        }
        return nil
    }

    private func nextRawEntry() -> DirectoryEntry? {
        let index = stack.count - 1
        switch options.order {
        case .filesystem:
            return stack[index].reader.next()
        case .name:
            if stack[index].sorted == nil {
                stack[index].sorted = SortedDirectory(stack[index].reader, directory: stack[index].descriptor)
            }
            return stack[index].sorted?.next()
        }
    }

    /// The entry `raw` of the directory `stack[frame]`, described as the options ask.
    private func describe(_ raw: DirectoryEntry, frame: Int) -> WalkEntry? {
        var entry = WalkEntry(
            directory: stack[frame].prefix, name: raw.name, type: FileType(raw.kind), depth: stack[frame].depth)
        if options.detail == .names && raw.kind != .unknown {
            return entry
        }
        let directory = stack[frame].descriptor
        do throws(SystemError) {
            // The name is still in the reader's (or the sorted list's) buffer: describe it from there.
            let full = options.detail == .full
            let status: FileStatus
            if let sorted = stack[frame].sorted {
                status = try sorted.statusOfLastEntry(full: full)
            } else {
                status = try stack[frame].reader.statusOfLastEntry(full: full)
            }
            entry.type = FileType(status.kind)
            if options.detail != .names {
                entry.size = status.size
                entry.modificationTime = FileAttributes.time(status.modified)
                entry.posixPermissions = root.area.isWritable ? status.permissions : status.permissions & ~0o222
            }
            if options.detail == .full {
                var attributes = Files.attributes(status: status, name: raw.name, in: directory)
                if !root.area.isWritable { attributes.posixPermissions &= ~0o222 }
                entry.attributes = attributes
            }
            return entry
        } catch  where error.errno == .noSuchFile {
            return nil  // Removed while the walk was running.
        } catch {
            problems.append(FileError(error, operation: "walk", subject: describe(entry.path)))
            return entry
        }
    }

    private func descend(into directory: Pending) {
        do {
            let descriptor = try directory.parent.open(directory.name, flags: [.directory, .noFollow])
            stack.append(
                Frame(
                    descriptor: descriptor, reader: DirectoryReader(descriptor), prefix: directory.path,
                    depth: directory.depth))
        } catch  where error.errno == .noSuchFile {
            // Removed or renamed while the walk was running: nothing to descend into.
        } catch {
            problems.append(FileError(error, operation: "walk", subject: describe(directory.path)))
        }
    }

    private func describe(_ relative: String) -> String {
        let base = root.description
        if relative.isEmpty { return base }
        return base == "." ? relative : base + "/" + relative
    }
}
