import FolioTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import FolioSystem

@Suite struct SocketConnectionTests {
    @Test func sendsAndReceivesThroughAListenerOnLoopback() throws {
        let listener = try Listener()
        let connection = try SocketConnection.connect(host: "127.0.0.1", port: listener.port, timeout: .seconds(5))
        let peer = try listener.accept()
        try connection.send(Array("?WATCH\n".utf8))
        var received = [UInt8](repeating: 0, count: 64)
        #expect(try peer.read(into: &received) == 7)
        #expect(Array(received[0..<7]) == Array("?WATCH\n".utf8))
        try peer.writeAll(Array("{}".utf8))
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(try connection.receive(into: &buffer, timeout: .seconds(5)) == 2)
        #expect(Array(buffer[0..<2]) == Array("{}".utf8))
    }

    @Test func aRefusedConnectionKeepsItsErrorNumber() throws {
        let port = try FreePort.find()
        let error = #expect(throws: SystemError.self) {
            try SocketConnection.connect(host: "127.0.0.1", port: port, timeout: .seconds(5))
        }
        #expect(error?.errno == .connectionRefused)
        #expect(error?.call == "connect")
        #expect(error?.path == "127.0.0.1:\(port)")
    }

    @Test func aReceiveWithNothingToReadTimesOut() throws {
        let listener = try Listener()
        let connection = try SocketConnection.connect(host: "127.0.0.1", port: listener.port, timeout: .seconds(5))
        let peer = try listener.accept()
        var buffer = [UInt8](repeating: 0, count: 64)
        let start = ContinuousClock.now
        let error = #expect(throws: SystemError.self) {
            try connection.receive(into: &buffer, timeout: .milliseconds(100))
        }
        #expect(error?.errno == .timedOut)
        #expect(ContinuousClock.now - start >= .milliseconds(100))
        #expect(ContinuousClock.now - start < .seconds(5))
        _ = peer
    }

    /// A listener whose accept queue is full drops new connection requests, so connecting waits
    /// until its deadline.
    @Test func aConnectionThatIsNotAnsweredTimesOut() throws {
        let listener = try Listener(backlog: 0)
        var held: [SocketConnection] = []
        var timedOut: SystemError?
        let start = ContinuousClock.now
        for _ in 0..<8 {
            do {
                held.append(
                    try SocketConnection.connect(host: "127.0.0.1", port: listener.port, timeout: .milliseconds(200)))
            } catch {
                timedOut = error
                break
            }
        }
        let error = try #require(timedOut, "every connection was accepted")
        #expect(error.errno == .timedOut)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func shutdownEndsABlockedReceive() throws {
        let listener = try Listener()
        let connection = try SocketConnection.connect(host: "127.0.0.1", port: listener.port, timeout: .seconds(5))
        let peer = try listener.accept()
        let result = LockedResult()
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 64)
            result.set(Result { () throws(SystemError) in try connection.receive(into: &buffer) })
        }
        thread.start()
        connection.shutdown()
        #expect(eventually(within: 10) { result.get() != nil })
        #expect(try result.get()?.get() == 0)
        _ = peer
    }

    /// A port no service has (resolved from `/etc/services`, without a network query).
    @Test func anAddressThatDoesNotResolveSaysWhy() throws {
        let error = #expect(throws: SystemError.self) {
            try SocketConnection.connect(host: "127.0.0.1", port: -1, timeout: .seconds(5))
        }
        #expect(error?.call == "getaddrinfo")
        #expect(error?.detail?.isEmpty == false)
    }
}

/// The outcome of a call on another thread.
final class LockedResult: Sendable {
    private let value = Mutex<Result<Int, SystemError>?>(nil)

    func set(_ result: Result<Int, SystemError>) {
        value.withLock { $0 = result }
    }

    func get() -> Result<Int, SystemError>? {
        value.withLock { $0 }
    }
}

/// A TCP listener on 127.0.0.1 at a port the system chose.
final class Listener {
    let descriptor: FileDescriptor
    let port: Int

    init(backlog: Int32 = 16) throws {
        let raw = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard raw >= 0 else { throw SystemError(.current, call: "socket") }
        descriptor = FileDescriptor(owning: raw)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(raw, pointer, length) == 0 && getsockname(raw, pointer, &length) == 0
            }
        }
        guard bound, listen(raw, backlog) == 0 else { throw SystemError(.current, call: "bind") }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func accept() throws -> FileDescriptor {
        let raw = Glibc.accept(descriptor.rawValue, nil, nil)
        guard raw >= 0 else { throw SystemError(.current, call: "accept") }
        return FileDescriptor(owning: raw)
    }
}
