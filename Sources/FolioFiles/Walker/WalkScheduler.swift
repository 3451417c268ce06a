import Foundation

/// The threads that read a walk's directories ahead of it, in parallel.
///
/// Directories wait in one queue ordered by their place in the walk, so every thread reads the
/// one the walk will need soonest. A directory is read by one thread, whole; its subdirectories
/// join the queue when it is done. The walk takes the directories it needs from here: one that no
/// thread has started yet it reads itself, one being read it waits for. (A part of a directory and its continuation are
/// directories of their own here.) Threads stop reading
/// ahead while the directories read and not yet returned hold ``entryLimit`` entries or
/// ``directoryLimit`` directories, which bounds the memory and the descriptors a walk holds.
/// Threads start as the first subdirectories are queued, so a walk of one directory starts none.
final class WalkScheduler: @unchecked Sendable {
    // Safety: every stored `var`, and each queued directory's `state`, is read and written only
    // with `condition` locked.

    /// The most entries read ahead and not yet returned.
    static let entryLimit = 1 << 16
    /// The most directories read ahead and not yet returned.
    static let directoryLimit = 512

    /// Written only by ``renderEntries(with:)`` before the first directory is read.
    private var reading: WalkReading
    private let threads: Int
    private let condition = NSCondition()
    /// Directories waiting for a thread: a binary heap, the first in the walk's order at the top.
    /// Directories skipped while waiting stay until they come to the top.
    private var queue: [WalkDirectory] = []
    private var heldEntries = 0
    private var heldDirectories = 0
    private var threadCount = 0
    private var idleCount = 0
    /// Directories the threads are reading.
    private var readingCount = 0
    private var stopped = false

    /// A scheduler reading with `threads` threads (none: the walk reads each directory itself).
    init(reading: WalkReading, threads: Int) {
        self.reading = reading
        self.threads = max(0, threads)
    }

    /// Makes every directory read from now on render its entries with `renderer` instead of
    /// keeping them: called before the walk reads its first directory, while no thread runs.
    func renderEntries(with renderer: AnyWalkRenderer) {
        condition.lock()
        precondition(threadCount == 0, "a walk renders only from its start")
        reading.renderer = renderer
        condition.unlock()
    }

    /// Returns when `directory` is read: read by the calling thread if no thread had started it.
    func take(_ directory: WalkDirectory) {
        condition.lock()
        switch directory.state {
        case .waiting:
            directory.state = .reading
            let reading = self.reading
            condition.unlock()
            directory.read(reading)
            condition.lock()
            finish(directory)
        case .reading:
            while directory.state == .reading { condition.wait() }
        case .read, .skipped:
            break
        }
        condition.unlock()
    }

    /// The walk is done with `directory` (it returned all of its entries).
    func release(_ directory: WalkDirectory) {
        condition.lock()
        if directory.state == .read {
            unhold(directory)
        }
        condition.unlock()
    }

    /// Drops `directory` and everything below it: nothing of it is returned or reported.
    func skip(_ directory: WalkDirectory) {
        condition.lock()
        var skipped = [directory]
        while let next = skipped.popLast() {
            switch next.state {
            case .waiting, .reading:
                next.state = .skipped  // A thread reading it drops what it read.
            case .read:
                unhold(next)
                next.state = .skipped
                skipped += next.subdirectories.map(\.directory)
                if let continuation = next.continuation { skipped.append(continuation) }
                next.discard()
            case .skipped:
                break
            }
        }
        condition.unlock()
    }

    /// Stops the threads (the walk was abandoned or ended): returns when none is reading any more,
    /// so no descriptor of the walk stays open behind it.
    func stop() {
        condition.lock()
        stopped = true
        queue = []
        condition.broadcast()
        while readingCount > 0 { condition.wait() }
        condition.unlock()
    }

    /// Called with the lock held when `directory` has been read.
    private func finish(_ directory: WalkDirectory) {
        defer { condition.broadcast() }
        guard directory.state == .reading else {
            directory.discard()  // Skipped while it was being read.
            return
        }
        directory.state = .read
        heldEntries += directory.count
        heldDirectories += 1
        guard threads > 0, !stopped else { return }
        for subdirectory in directory.subdirectories {
            push(subdirectory.directory)
        }
        if let continuation = directory.continuation {
            push(continuation)
        }
        if !queue.isEmpty && idleCount == 0 && threadCount < threads {
            threadCount += 1
            let thread = Thread { [self] in work() }
            thread.name = "folio-walk"
            thread.start()
        }
    }

    private func unhold(_ directory: WalkDirectory) {
        let wasFull = isFull
        heldEntries -= directory.count
        heldDirectories -= 1
        if wasFull && !isFull { condition.broadcast() }
    }

    private var isFull: Bool {
        heldEntries >= WalkScheduler.entryLimit || heldDirectories >= WalkScheduler.directoryLimit
    }

    private func work() {
        condition.lock()
        while !stopped {
            // Skipped directories come off the queue without waiting for room.
            if let first = queue.first, first.state != .waiting {
                _ = pop()
                continue
            }
            guard !queue.isEmpty, !isFull else {
                idleCount += 1
                condition.wait()
                idleCount -= 1
                continue
            }
            let directory = pop()
            directory.state = .reading
            readingCount += 1
            let reading = self.reading
            condition.unlock()
            directory.read(reading)
            condition.lock()
            readingCount -= 1
            finish(directory)
        }
        threadCount -= 1
        condition.unlock()
    }

    private func push(_ directory: WalkDirectory) {
        queue.append(directory)
        var child = queue.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard queue[child].precedes(queue[parent]) else { break }
            queue.swapAt(child, parent)
            child = parent
        }
    }

    private func pop() -> WalkDirectory {
        let top = queue[0]
        let last = queue.removeLast()
        guard !queue.isEmpty else { return top }
        queue[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < queue.count && queue[left].precedes(queue[first]) { first = left }
            if right < queue.count && queue[right].precedes(queue[first]) { first = right }
            if first == parent { break }
            queue.swapAt(parent, first)
            parent = first
        }
        return top
    }
}
