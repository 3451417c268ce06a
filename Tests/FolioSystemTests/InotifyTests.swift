import FolioTestSupport
import Foundation
import Testing

@testable import FolioSystem

@Suite struct InotifyTests {
    @Test func reportsAFileCreatedAndRenamedInAWatchedDirectory() throws {
        let directory = TemporaryDirectory()
        let root = try FileDescriptor.open(absolute: directory.path, flags: .directory)
        let inotify = try Inotify()
        let watch = try inotify.addWatch(root, mask: [.created, .movedFrom, .movedTo, .closedAfterWriting])
        #expect(try inotify.readEvents().isEmpty)
        _ = try root.open("a", flags: [.writeOnly, .create])
        try root.rename("a", to: "b", in: root, mode: .noReplace)
        var events: [InotifyEvent] = []
        while events.count < 4, let more = try inotify.waitForEvents(orSignal: try EventSignal()) {
            events += more
        }
        #expect(events.allSatisfy { $0.watch == watch })
        #expect(events.map(\.name) == ["a", "a", "a", "b"])
        #expect(events[0].mask.contains(.created))
        #expect(events[1].mask.contains(.closedAfterWriting))
        #expect(events[2].mask.contains(.movedFrom))
        #expect(events[3].mask.contains(.movedTo))
        #expect(events[2].cookie == events[3].cookie)
    }

    @Test func aRaisedSignalEndsTheWait() throws {
        let directory = TemporaryDirectory()
        let root = try FileDescriptor.open(absolute: directory.path, flags: .directory)
        let inotify = try Inotify()
        _ = try inotify.addWatch(root, mask: [.created])
        let signal = try EventSignal()
        signal.raise()
        #expect(try inotify.waitForEvents(orSignal: signal) == nil)
    }
}
