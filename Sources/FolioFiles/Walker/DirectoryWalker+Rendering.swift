extension DirectoryWalker {
    /// Walks to the end, handing `write` the bytes `renderer` makes of every entry, in exactly the
    /// order ``next()`` returns them.
    ///
    /// The entries are rendered on the threads that read their directories (see ``WalkRenderer``),
    /// so the calling thread only passes on finished bytes, a directory's at a time (a run of them
    /// between two of its subdirectories); no ``WalkEntry`` is kept. ``problems`` are collected as
    /// ``next()`` collects them. A walk that has already returned entries, or a walk of the Home
    /// (which shows the bundle among its directories), is rendered entry by entry on the calling
    /// thread instead, with the same result.
    ///
    /// - Parameters:
    ///   - renderer: what turns each entry into bytes.
    ///   - write: receives the bytes in order, on the calling thread.
    /// - Complexity: O(n) in the number of entries; memory is bounded as for ``next()``.
    public func render(with renderer: some WalkRenderer, write: (ArraySlice<UInt8>) -> Void) {
        guard mount == nil, !hasStarted, let root = pending else {
            renderEntries(with: renderer, write: write)
            return
        }
        pending = nil
        scheduler.renderEntries(with: AnyWalkRenderer(renderer))
        scheduler.take(root)
        var stack = [RenderFrame(directory: root)]
        while let top = stack.indices.last {
            let directory = stack[top].directory
            let next = stack[top].nextSubdirectory
            // Up to the next subdirectory, or to the end.
            let subdirectory = next < directory.subdirectories.count ? directory.subdirectories[next] : nil
            let lastIndex = subdirectory?.index ?? directory.count
            while stack[top].nextProblem < directory.problems.count
                && directory.problems[stack[top].nextProblem].before <= lastIndex
            {
                problems.append(directory.problems[stack[top].nextProblem].error)
                stack[top].nextProblem += 1
            }
            let end = subdirectory?.renderedEnd ?? directory.rendered.count
            if stack[top].written < end {
                write(directory.rendered[stack[top].written..<end])
                stack[top].written = end
            }
            if let subdirectory {
                stack[top].nextSubdirectory = next + 1
                scheduler.take(subdirectory.directory)
                stack.append(RenderFrame(directory: subdirectory.directory))
                continue
            }
            scheduler.release(directory)
            if let continuation = directory.continuation {
                scheduler.take(continuation)
                stack[top] = RenderFrame(directory: continuation)
            } else {
                stack.removeLast()
            }
        }
        scheduler.stop()
    }

    /// Renders the rest of the walk entry by entry on the calling thread, in blocks of 64 KiB.
    private func renderEntries(with renderer: some WalkRenderer, write: (ArraySlice<UInt8>) -> Void) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        var copy = renderer
        var directory: String?
        while let entry = next() {
            if entry.directory != directory {
                directory = entry.directory
                copy = renderer  // A fresh copy for each directory, as on the walk's threads.
            }
            copy.render(entry, into: &bytes)
            if bytes.count >= 60 << 10 {
                write(bytes[...])
                bytes.removeAll(keepingCapacity: true)
            }
        }
        if !bytes.isEmpty {
            write(bytes[...])
        }
    }
}

/// A directory whose bytes are being written: up to `written`, before its subdirectory
/// `nextSubdirectory`, with its problems before `nextProblem` reported.
private struct RenderFrame {
    let directory: WalkDirectory
    var written = 0
    var nextSubdirectory = 0
    var nextProblem = 0
}
