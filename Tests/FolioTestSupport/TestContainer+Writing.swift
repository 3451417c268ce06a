import Foundation
import Glibc

extension TestContainer {
    /// Writes `text` to the existing or new file `relative` inside the Home as another program
    /// would (`open`, `write`, `close`), bypassing Folio, with the file closed when this returns.
    ///
    /// Foundation's `Data.write(to:)` may close its descriptor after returning, so a watcher can
    /// see that write's close later, under whatever name the file has by then; tests of change
    /// events write with this instead.
    public func write(_ relative: String, _ text: String) throws {
        let descriptor = open(absolute(relative), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw POSIXError(.EIO)
        }
    }
}
