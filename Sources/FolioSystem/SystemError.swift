/// A failed system call: which call, on what, and the error number it returned.
package struct SystemError: Error, Sendable, CustomStringConvertible {
    /// The error number; 0 for a failure that has none (``detail`` then says what happened).
    package let errno: Errno
    /// The C function that failed, e.g. `"openat2"`.
    package let call: String
    /// The path or name the call was given, when there was one.
    package let path: String?
    /// The C library's own message, for a call that reports failures without an error number
    /// (`getaddrinfo`'s `gai_strerror`).
    package let detail: String?

    package init(_ errno: Errno, call: String, path: String? = nil, detail: String? = nil) {
        self.errno = errno
        self.call = call
        self.path = path
        self.detail = detail
    }

    /// What went wrong in words: ``detail`` when there is one, else the message for ``errno``.
    package var reason: String {
        detail ?? errno.description
    }

    package var description: String {
        if let path {
            return "\(call) failed for \(path): \(reason)"
        }
        return "\(call) failed: \(reason)"
    }
}

/// Runs a C call that returns -1 and sets errno on failure, retrying while it is interrupted.
///
/// - Returns: the call's non-negative result.
/// - Throws: ``SystemError`` with the error number, naming `call` and `path`.
@inline(__always)
package func retryingInterrupts<Result: FixedWidthInteger>(
    _ call: String,
    path: String? = nil,
    _ body: () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = body()
        if result >= 0 {
            return result
        }
        let error = Errno.current
        if error != .interrupted {
            throw SystemError(error, call: call, path: path)
        }
    }
}
