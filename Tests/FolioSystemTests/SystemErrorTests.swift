import FolioTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import FolioSystem

/// How many times the test's no-op signal handler ran.
private let handledSignals = Atomic<Int>(0)

/// `retryingInterrupts`: a blocking call a signal interrupts (`EINTR`) is made again.
@Suite struct SystemErrorTests {
    /// A read blocked on an empty pipe, interrupted by a signal whose handler was installed
    /// without `SA_RESTART` (so the kernel returns `EINTR` instead of restarting the call), still
    /// returns the bytes written afterwards.
    @Test func aReadInterruptedByASignalIsRetried() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in handledSignals.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        #expect(sigaction(SIGURG, &action, &previous) == 0)
        defer { sigaction(SIGURG, &previous, nil) }

        let (readEnd, writeEnd) = try Pipe.make()
        let reader = Mutex<(thread: pthread_t, id: String)?>(nil)
        let outcome = Mutex<Result<[UInt8], SystemError>?>(nil)
        let thread = Thread {
            // Threads made from the test's worker threads start with signals blocked.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGURG)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            let id = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            reader.withLock { $0 = (pthread_self(), String(id.split(separator: "/").last ?? "")) }
            var buffer = [UInt8](repeating: 0, count: 16)
            let result = Result { () throws(SystemError) -> [UInt8] in
                let count = try readEnd.read(into: &buffer)
                return Array(buffer[0..<count])
            }
            outcome.withLock { $0 = result }
        }
        thread.start()
        defer {
            // Whatever happened, the reader gets bytes and ends.
            _ = try? writeEnd.writeAll(Array("x".utf8))
            _ = eventually(within: 10) { outcome.withLock { $0 != nil } }
        }
        let (target, id) = try #require(eventuallyValue { reader.withLock { $0 } })
        let before = handledSignals.load(ordering: .relaxed)
        for _ in 0..<3 {
            // Interrupt it only while it sleeps in the kernel, inside read.
            #expect(eventually(within: 10) { Self.isSleeping(thread: id) })
            let count = handledSignals.load(ordering: .relaxed)
            #expect(pthread_kill(target, SIGURG) == 0)
            #expect(eventually(within: 10) { handledSignals.load(ordering: .relaxed) > count })
        }
        #expect(eventually(within: 10) { Self.isSleeping(thread: id) })
        #expect(outcome.withLock { $0 == nil }, "the read returned before any byte was written")
        try writeEnd.writeAll(Array("after".utf8))
        #expect(eventually(within: 10) { outcome.withLock { $0 != nil } })
        #expect(handledSignals.load(ordering: .relaxed) - before >= 3)
        let bytes = try #require(outcome.withLock { $0 }).get()
        #expect(bytes == Array("after".utf8))
    }

    @Test func aCallThatFailsOtherwiseThrowsItsErrorNumber() {
        let error = #expect(throws: SystemError.self) {
            try retryingInterrupts("close", path: "nothing") { () -> Int32 in
                errno = EBADF
                return -1
            }
        }
        #expect(error?.errno == .badFileDescriptor)
        #expect(error?.call == "close")
        #expect(error?.description == "close failed for nothing: Bad file descriptor")
    }

    @Test func aFailureWithoutAnErrorNumberSaysWhatTheLibrarySaid() {
        let error = SystemError(Errno(0), call: "getaddrinfo", path: "nowhere", detail: "Name or service not known")
        #expect(error.reason == "Name or service not known")
        #expect(error.description == "getaddrinfo failed for nowhere: Name or service not known")
    }

    /// Whether the thread `id` of this process is asleep inside the `read` system call
    /// (`/proc/self/task/ID/syscall` names the call a sleeping thread is in).
    private static func isSleeping(thread id: String) -> Bool {
        guard let call = try? String(contentsOfFile: "/proc/self/task/\(id)/syscall", encoding: .utf8) else {
            return false
        }
        #if arch(x86_64)
            let read = "0"
        #else
            let read = "63"  // arm64
        #endif
        return call.split(separator: " ").first.map(String.init) == read
    }
}

/// The value `body` returns once it is not nil, within 10 seconds.
func eventuallyValue<Value>(_ body: () -> Value?) -> Value? {
    var value: Value?
    _ = eventually(within: 10) {
        value = body()
        return value != nil
    }
    return value
}
