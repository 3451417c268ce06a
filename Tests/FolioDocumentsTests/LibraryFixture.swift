import FolioDocuments
import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Synchronization

/// A clock a test sets and advances.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ date: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        current = Mutex(date)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A document library in a fresh container, with a clock the test controls.
struct LibraryFixture {
    let test: TestContainer
    let clock: TestClock
    let library: DocumentLibrary

    init(kinds: [DocumentKind] = [.drawing, .note]) throws {
        test = try TestContainer()
        let clock = TestClock()
        self.clock = clock
        library = DocumentLibrary(container: test.container, kinds: kinds, clock: { clock.now })
    }

    /// A second library on the same container, as another window or process would open it.
    func reopened() -> DocumentLibrary {
        let clock = self.clock
        return DocumentLibrary(container: test.container, kinds: library.kinds, clock: { clock.now })
    }

    /// The names in Documents/, as another program sees them (hidden ones included).
    func namesOnDisk() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: test.absolute("Documents")).sorted()
    }

    /// The untitled name the fixture's clock gives for `kind`, numbered.
    func untitled(_ kind: DocumentKind, _ number: Int = 1) -> String {
        FileName.numbered(library.untitledName(for: kind, at: clock.now), number)
    }
}
