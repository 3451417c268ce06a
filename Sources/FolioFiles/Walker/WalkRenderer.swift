/// Turns a walk's entries into the bytes that show them, on the threads that read the directories.
///
/// ``DirectoryWalker/render(with:write:)`` hands each entry to a renderer right after it is read
/// and described, on whichever thread read its directory, so the caller's thread only writes out
/// finished bytes in the walk's order. Each directory (each part of a large one) is rendered by a
/// fresh copy of the renderer on one thread, so what a renderer caches between entries (the bytes
/// of the directory's path, a formatted minute) stays within the directory and is never shared
/// between threads.
///
/// ```swift
/// struct PathLines: WalkRenderer {
///     mutating func render(_ entry: WalkEntry, into bytes: inout [UInt8]) {
///         bytes.append(contentsOf: entry.path.utf8)
///         bytes.append(0x0A)
///     }
/// }
/// try files.walk(.documents).render(with: PathLines()) { bytes in output.write(bytes: bytes) }
/// ```
public protocol WalkRenderer: Sendable {
    /// Appends the bytes that show `entry` to `bytes`.
    mutating func render(_ entry: WalkEntry, into bytes: inout [UInt8])
}

/// A renderer with its type erased, as the threads of a walk use it.
struct AnyWalkRenderer: Sendable {
    /// Makes the function one directory is rendered with: a fresh copy of the renderer.
    let makeRender: @Sendable () -> (WalkEntry, inout [UInt8]) -> Void

    init(_ renderer: some WalkRenderer) {
        makeRender = {
            var copy = renderer
            return { entry, bytes in copy.render(entry, into: &bytes) }
        }
    }
}
