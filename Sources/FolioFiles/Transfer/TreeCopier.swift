import FolioSandbox
import FolioSystem

/// Copies the contents of one directory into another, depth-first with an explicit stack.
///
/// Files are copied with `copy_file_range`; links are recreated, not followed; directories get
/// their permissions and times at the end, after their contents (so the times stick).
struct TreeCopier {
    private struct Frame {
        let source: FileDescriptor
        let destination: FileDescriptor
        let reader: DirectoryReader
        let path: String
        let status: FileStatus?
    }

    let preservesAttributes: Bool
    /// A directory never to copy (the staging directory, when the copy lands inside its source).
    let excludedInode: (device: UInt64, inode: UInt64)?
    let progress: ((CopyProgress) -> Void)?
    private(set) var copied = CopyProgress(items: 0, bytes: 0)
    /// The path (relative to the tree's root) where copying failed.
    var failedPath: String { failure.path }
    private let failure = FailureLocation()
    private var lastReportedBytes: UInt64 = 0
    /// Whether new files need an explicit `fchmod` because the umask strips bits of 0600.
    private let umaskStripsPrivateBits = ProcessUmask.current & 0o600 != 0

    init(
        preservesAttributes: Bool,
        excludedInode: (device: UInt64, inode: UInt64)?,
        progress: ((CopyProgress) -> Void)?
    ) {
        self.preservesAttributes = preservesAttributes
        self.excludedInode = excludedInode
        self.progress = progress
    }

    /// Copies everything in `source` into the empty directory `destination`.
    mutating func copyContents(of source: FileDescriptor, into destination: FileDescriptor) throws(SystemError) {
        var stack = [
            Frame(
                source: source, destination: destination, reader: DirectoryReader(source), path: "", status: nil)
        ]
        while let top = stack.last {
            guard let entry = top.reader.next() else {
                if let error = top.reader.error {
                    failure.path = top.path
                    throw error
                }
                if let status = top.status, preservesAttributes {
                    try attempt(top.path) { () throws(SystemError) in try top.destination.preserve(status) }
                }
                stack.removeLast()
                continue
            }
            let path = top.path.isEmpty ? entry.name : top.path + "/" + entry.name
            let name = entry.nameOnDisk
            var kind = entry.kind
            if kind == .unknown || kind == .directory {
                let status = try attempt(path) { () throws(SystemError) in
                    try top.source.status(of: name, full: preservesAttributes)
                }
                kind = status.kind
                if kind == .directory {
                    if let excluded = excludedInode, excluded == (status.device, status.inode) {
                        continue
                    }
                    let frame = try attempt(path) { () throws(SystemError) -> Frame in
                        try top.destination.makeDirectory(name, mode: 0o700)
                        let source = try top.source.open(name, flags: [.directory, .noFollow])
                        let destination = try top.destination.open(name, flags: [.directory, .noFollow])
                        if umaskStripsPrivateBits && !preservesAttributes {
                            try destination.setPermissions(0o700)
                        }
                        return Frame(
                            source: source, destination: destination, reader: DirectoryReader(source), path: path,
                            status: status)
                    }
                    count(bytes: 0)
                    stack.append(frame)
                    continue
                }
            }
            switch kind {
            case .regular:
                let bytes = try attempt(path) { () throws(SystemError) -> UInt64 in
                    try copyFile(name, from: top.source, to: top.destination)
                }
                count(bytes: bytes)
            case .symbolicLink:
                try attempt(path) { () throws(SystemError) in
                    let target = try top.source.readSymbolicLink(name)
                    try top.destination.makeSymbolicLink(name, to: target)
                }
                count(bytes: 0)
            default:
                failure.path = path
                throw SystemError(.notSupported, call: "copy", path: path)
            }
        }
    }

    private func copyFile(_ name: EntryName, from source: FileDescriptor, to destination: FileDescriptor)
        throws(SystemError) -> UInt64
    {
        let input = try source.open(name, flags: [.noFollow])
        let status = preservesAttributes ? try input.status() : nil
        let mode = status?.permissions ?? 0o600
        let output = try destination.open(name, flags: [.writeOnly, .create, .exclusive, .noFollow], mode: mode)
        if preservesAttributes || umaskStripsPrivateBits {
            try output.setPermissions(mode)
        }
        let bytes = try input.copyContents(to: output)
        if let status {
            try output.preserve(status)
        }
        return bytes
    }

    private func attempt<T>(_ path: String, _ body: () throws(SystemError) -> T) throws(SystemError) -> T {
        do {
            return try body()
        } catch {
            failure.path = path
            throw error
        }
    }

    private mutating func count(bytes: UInt64) {
        copied.items += 1
        copied.bytes += bytes
        if let progress, copied.items % 1024 == 0 || copied.bytes - lastReportedBytes >= 64 << 20 {
            lastReportedBytes = copied.bytes
            progress(copied)
        }
    }
}

/// Where a copy failed; a reference so the copier's helpers need not be mutating.
private final class FailureLocation {
    var path = ""
}

extension FileDescriptor {
    /// Gives this file the permissions and times in `status`.
    func preserve(_ status: FileStatus) throws(SystemError) {
        try setPermissions(status.permissions)
        try setTimes(accessed: status.accessed, modified: status.modified)
    }
}
