import CVips
import Foundation
import Synchronization

/// libvips set up once for a long-running server, and one call into it at a time.
///
/// The first use loads and initialises the library, refuses its untrusted loaders (ImageMagick, …), turns
/// its operation cache off (Folio caches finished thumbnails itself, on disk) and gives it one
/// worker thread per image, so memory stays bounded by one image being shrunk at a time. libvips
/// keeps its error messages in one buffer for the whole process; holding ``lock`` around a call
/// and the reading of its error keeps each message with its call.
enum LibVips {
    /// Why libvips cannot be used, or nil once it started; it is loaded and started on first use.
    private static let started: String? = {
        var reason: UnsafePointer<CChar>?
        guard folio_vips_start(&reason) == 0 else {
            return reason.map { String(cString: $0) } ?? "libvips failed to start"
        }
        return nil
    }()

    /// One caller in libvips at a time.
    private static let lock = Mutex(())

    /// Runs `body` with libvips started and to itself.
    /// - Throws: ``RenderingError`` when libvips cannot start, or what `body` throws.
    static func withLibrary<Value>(
        subject: String, _ body: () throws(RenderingError) -> Value
    ) throws(RenderingError) -> Value {
        let outcome: Result<Value, RenderingError> = lock.withLock { _ in
            if let failure = started {
                return .failure(
                    RenderingError(.unsupportedFormat, operation: "thumbnail", subject: subject, reason: failure))
            }
            folio_vips_clear_error()
            _ = takeWarning()
            do throws(RenderingError) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The last warning libvips logged since the last call (a loader's "premature end of file",
    /// "not enough data"), or nil when it logged none; it is not printed.
    static func takeWarning() -> String? {
        var last: UnsafePointer<CChar>?
        guard folio_vips_take_warnings(&last) > 0 else { return nil }
        return last.map { sentence(String(cString: $0)) } ?? "a decoding warning"
    }

    /// libvips's text made fit for one line of a message to people.
    static func sentence(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// libvips's last error message (the first line, made fit to show), clearing it.
    static func takeError() -> String? {
        guard let copy = folio_vips_copy_error() else { return nil }
        defer { folio_vips_free(copy) }
        folio_vips_clear_error()
        let text = String(cString: copy)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.isEmpty ? nil : line
    }
}
