import Dispatch
import FolioSandbox
import FolioSystem
import Foundation
import Synchronization

/// One entry of a directory as ``Files/scan(_:detail:concurrency:start:_:)`` hands it over: the
/// name's bytes as they are on disk, straight from the kernel's buffer, valid only during the call.
package struct ScannedEntry {
    /// The name's bytes (no NUL), as stored: not necessarily valid UTF-8.
    package let name: UnsafeBufferPointer<UInt8>
    /// The entry's type (from the directory entry, or a `statx` where the filesystem did not say).
    package let type: FileType
    /// The size in bytes (with `.basic` detail).
    package let size: UInt64?
    /// The modification date (with `.basic` detail).
    package let modificationDate: Date?
}

extension Files {
    /// Reads the entries of the directory at `path` (not recursive, hidden names included) on up
    /// to `concurrency` threads at once, each folding the entries it reads into its own partial
    /// result: what a listing that keeps only a summary (a count, the first names of an order)
    /// needs, without a `String` or a ``WalkEntry`` per entry.
    ///
    /// The threads share one descriptor of the directory: each `getdents64` call returns the next
    /// batch to whichever thread asks (the kernel serialises them on the descriptor's position),
    /// and each thread describes its own batch's entries with `statx` relative to that descriptor,
    /// so the per-entry system calls of a `.basic` scan run on every core. The entries reach
    /// `body` in no particular order; an entry removed while the scan runs is left out.
    ///
    /// - Parameters:
    ///   - detail: `.names` reads only names and types (a `statx` only where the filesystem does
    ///     not report the type); `.basic` (or `.full`) also the size and modification date.
    ///   - concurrency: the most threads to use (at least one; the calling thread is one of them).
    ///   - start: a thread's partial result before it reads anything.
    ///   - body: folds one entry into a thread's partial result.
    /// - Returns: the partial results, one per thread that ran.
    /// - Throws: ``FileError`` when `path` is not a readable directory, or the first entry that
    ///   could not be read or described.
    /// - Complexity: O(n) in the number of entries; O(n / 2000) system calls for `.names` where the
    ///   filesystem reports types, one more per entry for `.basic`. Memory: a 64 KiB buffer and a
    ///   partial result per thread.
    package func scan<Partial: Sendable>(
        _ path: SandboxPath,
        detail: WalkOptions.Detail,
        concurrency: Int,
        start: @Sendable () -> Partial,
        _ body: @Sendable (inout Partial, ScannedEntry) -> Void
    ) throws(FileError) -> [Partial] {
        let descriptor = try container.openDirectory(path, operation: "walk")
        let threads = max(1, concurrency)
        let results = Mutex<[Partial]>([])
        let failure = Mutex<SystemError?>(nil)
        let withStatus = detail != .names
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var partial = start()
            let reader = DirectoryReader(descriptor)
            var problem: SystemError?
            reader.forEachRawEntry { namePointer, length, type, _ in
                guard problem == nil else { return }
                var kind = FileKind(directoryEntryType: type)
                var size: UInt64?
                var modified: Date?
                if withStatus || kind == .unknown {
                    do throws(SystemError) {
                        let status = try reader.statusOfLastEntry(full: false)
                        kind = status.kind
                        if withStatus {
                            size = status.size
                            modified = FileAttributes.date(status.modified)
                        }
                    } catch  where error.errno == .noSuchFile {
                        return  // Removed while the scan was running.
                    } catch {
                        problem = error
                        return
                    }
                }
                let bytes = UnsafeRawPointer(namePointer).assumingMemoryBound(to: UInt8.self)
                body(
                    &partial,
                    ScannedEntry(
                        name: UnsafeBufferPointer(start: bytes, count: length), type: FileType(kind), size: size,
                        modificationDate: modified))
            }
            if let error = problem ?? reader.error {
                failure.withLock { first in first = first ?? error }
            }
            results.withLock { $0.append(partial) }
        }
        if let error = failure.withLock({ $0 }) {
            throw self.failure(error, "walk", path)
        }
        return results.withLock { $0 }
    }
}
