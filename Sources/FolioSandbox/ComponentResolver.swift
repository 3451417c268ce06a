import FolioSystem

/// Resolves a path beneath a directory one component at a time, for kernels without `openat2`.
///
/// Each component is opened with `O_PATH | O_NOFOLLOW` relative to the previous one. A symbolic
/// link is read through its own descriptor and its target spliced into the remaining components;
/// an absolute target, or `..` that would climb above the base, fails with `.crossDevice` — the
/// same answer `openat2(RESOLVE_BENEATH)` gives. At most 40 links are followed.
struct ComponentResolver {
    let base: FileDescriptor
    /// Whether symbolic links are followed at all; when false the first one met fails with
    /// `.tooManySymbolicLinks`, as `openat2(RESOLVE_NO_SYMLINKS)` does.
    var followsLinks = true

    private var maximumLinks: Int { followsLinks ? 40 : 0 }

    /// Opens `relative` (a `/`-separated path) with `flags`.
    func open(
        _ relative: String,
        flags: OpenFlags,
        mode: UInt32,
        followFinal: Bool
    ) throws(SystemError) -> FileDescriptor {
        var components = relative.split(separator: "/").map(String.init)
        guard let last = components.popLast() else {
            return try base.duplicate()
        }
        var links = 0
        var stack = [base]
        try walk(&components, stack: &stack, links: &links)
        var name = last
        while true {
            guard let directory = stack.last else { throw SystemError(.crossDevice, call: "openat", path: relative) }
            if name == "." {
                return try directory.reopen(flags: flags.subtracting([.create, .exclusive, .noFollow]))
            }
            if name == ".." {
                throw SystemError(.crossDevice, call: "openat", path: relative)
            }
            let link: FileDescriptor
            do {
                return try directory.open(name, flags: flags.union(.noFollow), mode: mode)
            } catch  where error.errno == .tooManySymbolicLinks || error.errno == .notDirectory {
                // The final component may be a symbolic link; look at it without following.
                link = try directory.open(name, flags: [.pathOnly, .noFollow])
                guard try link.status().kind == .symbolicLink else { throw error }
            }
            guard followFinal else {
                throw SystemError(.tooManySymbolicLinks, call: "openat", path: relative)
            }
            links += 1
            if links > maximumLinks {
                throw SystemError(.tooManySymbolicLinks, call: "openat", path: relative)
            }
            let target = try link.readSymbolicLink("")
            if target.hasPrefix("/") {
                throw SystemError(.crossDevice, call: "openat", path: relative)
            }
            var parts = target.split(separator: "/").map(String.init)
            guard var targetLast = parts.popLast() else {
                throw SystemError(.noSuchFile, call: "openat", path: relative)
            }
            if targetLast == ".." {
                parts.append(targetLast)
                targetLast = "."
            }
            try walk(&parts, stack: &stack, links: &links)
            name = targetLast
        }
    }

    /// Follows `components` from the top of `stack`, pushing each directory reached.
    private func walk(
        _ components: inout [String],
        stack: inout [FileDescriptor],
        links: inout Int
    ) throws(SystemError) {
        var queue = ArraySlice(components)
        while let component = queue.first {
            queue = queue.dropFirst()
            if component == "." || component.isEmpty {
                continue
            }
            if component == ".." {
                if stack.count <= 1 {
                    throw SystemError(.crossDevice, call: "openat", path: component)
                }
                stack.removeLast()
                continue
            }
            guard let directory = stack.last else { throw SystemError(.crossDevice, call: "openat", path: component) }
            let next = try directory.open(component, flags: [.pathOnly, .noFollow])
            let kind = try next.status().kind
            if kind == .symbolicLink {
                links += 1
                if links > maximumLinks {
                    throw SystemError(.tooManySymbolicLinks, call: "openat", path: component)
                }
                let target = try next.readSymbolicLink("")
                if target.hasPrefix("/") {
                    throw SystemError(.crossDevice, call: "openat", path: component)
                }
                queue = ArraySlice(target.split(separator: "/").map(String.init)) + queue
                continue
            }
            guard kind == .directory else {
                throw SystemError(.notDirectory, call: "openat", path: component)
            }
            stack.append(next)
        }
        components = []
    }
}
