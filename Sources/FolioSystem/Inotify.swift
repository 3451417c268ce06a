import CFolioSystem
import Glibc

/// What an inotify watch reports, translated from the C `IN_*` bits.
package struct InotifyMask: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// An entry was created in the watched directory (`IN_CREATE`).
    package static let created = InotifyMask(rawValue: folio_in_create)
    /// An entry was removed from the watched directory (`IN_DELETE`).
    package static let deleted = InotifyMask(rawValue: folio_in_delete)
    /// A file opened for writing was closed (`IN_CLOSE_WRITE`).
    package static let closedAfterWriting = InotifyMask(rawValue: folio_in_close_write)
    /// A file was written to, before it is closed (`IN_MODIFY`).
    package static let written = InotifyMask(rawValue: folio_in_modify)
    /// Metadata changed: permissions, times, owner, link count (`IN_ATTRIB`).
    package static let attributesChanged = InotifyMask(rawValue: folio_in_attrib)
    /// An entry was renamed away from this name (`IN_MOVED_FROM`).
    package static let movedFrom = InotifyMask(rawValue: folio_in_moved_from)
    /// An entry was renamed to this name (`IN_MOVED_TO`).
    package static let movedTo = InotifyMask(rawValue: folio_in_moved_to)
    /// The watched directory itself was removed (`IN_DELETE_SELF`).
    package static let deletedSelf = InotifyMask(rawValue: folio_in_delete_self)
    /// The watched directory itself was moved (`IN_MOVE_SELF`).
    package static let movedSelf = InotifyMask(rawValue: folio_in_move_self)
    /// The watch was removed (`IN_IGNORED`).
    package static let ignored = InotifyMask(rawValue: folio_in_ignored)
    /// The entry is a directory (`IN_ISDIR`).
    package static let isDirectory = InotifyMask(rawValue: folio_in_isdir)
    /// Events were lost because the kernel's queue was full (`IN_Q_OVERFLOW`).
    package static let queueOverflow = InotifyMask(rawValue: folio_in_q_overflow)
    /// Watch only if the path is a directory (`IN_ONLYDIR`).
    package static let onlyDirectory = InotifyMask(rawValue: folio_in_onlydir)
    /// Stop reporting for entries once they are unlinked (`IN_EXCL_UNLINK`).
    package static let excludeUnlinked = InotifyMask(rawValue: folio_in_excl_unlink)
}

/// One record read from an inotify descriptor.
package struct InotifyEvent: Sendable, Hashable {
    /// The watch descriptor that reported it.
    package var watch: Int32
    /// What happened.
    package var mask: InotifyMask
    /// Links the two halves of a rename (`IN_MOVED_FROM` and `IN_MOVED_TO` share it).
    package var cookie: UInt32
    /// The entry's name in the watched directory, or nil for events on the directory itself.
    package var name: String?
}

/// An inotify instance: watches directories and reads what changed in them.
///
/// The corresponding C functions are `inotify_init1`, `inotify_add_watch` and `read`. The
/// descriptor is non-blocking; ``waitForEvents(orSignal:)`` waits with `poll` on it and on an
/// ``EventSignal`` so another thread can end the wait.
package final class Inotify: Sendable {
    /// The inotify descriptor.
    package let descriptor: FileDescriptor

    /// Creates an inotify instance (`IN_CLOEXEC | IN_NONBLOCK`).
    package init() throws(SystemError) {
        descriptor = FileDescriptor(owning: try retryingInterrupts("inotify_init1") { folio_inotify_init() })
    }

    /// Watches the directory `directory` refers to (any descriptor, `O_PATH` included).
    ///
    /// The watch is added through `/proc/self/fd`, so no path is resolved again: it is the very
    /// directory the descriptor was opened on.
    /// - Returns: the watch descriptor that events for this directory carry.
    package func addWatch(_ directory: FileDescriptor, mask: InotifyMask) throws(SystemError) -> Int32 {
        let path = "/proc/self/fd/\(directory.rawValue)"
        return try retryingInterrupts("inotify_add_watch", path: path) {
            path.withCString { folio_inotify_add_watch(descriptor.rawValue, $0, mask.rawValue) }
        }
    }

    /// Waits until events arrive or `signal` is raised, and reads every event queued.
    ///
    /// - Returns: the events in the order they happened, or nil when `signal` ended the wait.
    package func waitForEvents(orSignal signal: EventSignal) throws(SystemError) -> [InotifyEvent]? {
        var descriptors = [
            pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signal.descriptor.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            _ = try retryingInterrupts("poll") { poll(&descriptors, 2, -1) }
            if descriptors[1].revents != 0 {
                return nil
            }
            let events = try readEvents()
            if !events.isEmpty {
                return events
            }
        }
    }

    /// Reads the events queued now, without waiting; empty when there are none.
    package func readEvents() throws(SystemError) -> [InotifyEvent] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate() }
        var events: [InotifyEvent] = []
        while true {
            let count: Int
            do {
                count = try descriptor.read(into: buffer)
            } catch  where error.errno == .wouldBlock {
                return events
            }
            var offset = 0
            while offset < count {
                var watch: Int32 = 0
                var mask: UInt32 = 0
                var cookie: UInt32 = 0
                var name: UnsafePointer<CChar>?
                let length = folio_inotify_event_at(buffer.baseAddress, count, offset, &watch, &mask, &cookie, &name)
                guard length > 0 else {
                    throw SystemError(.invalidArgument, call: "read(inotify)")
                }
                offset += length
                events.append(
                    InotifyEvent(
                        watch: watch, mask: InotifyMask(rawValue: mask), cookie: cookie,
                        name: name.map { String(cString: $0) }))
            }
        }
    }
}

/// A descriptor one thread raises to wake another that waits in `poll` (an `eventfd`).
package final class EventSignal: Sendable {
    /// The eventfd descriptor; readable once raised.
    package let descriptor: FileDescriptor

    /// Creates a lowered signal.
    package init() throws(SystemError) {
        descriptor = FileDescriptor(owning: try retryingInterrupts("eventfd") { folio_eventfd() })
    }

    /// Raises the signal; waiters wake, and it stays raised.
    package func raise() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { Glibc.write(descriptor.rawValue, $0.baseAddress, $0.count) }
    }
}
