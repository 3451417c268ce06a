import CMicroHTTPD
import Foundation
import Glibc
import Synchronization

/// Keeps one client from taking every connection, and ends connections that would wait forever.
///
/// A client that opens connections and trickles header bytes into them (slowloris) would hold
/// each connection as long as it likes, since every byte resets an idle timeout. On loopback every
/// local process looks like the same client, so a plain per-address limit would lock the owner
/// out with the attacker. The guard does what nginx does with its idle connections instead:
///
/// - **Per client.** A client (``ClientNetwork``: the whole loopback range is one) may have at most
///   ``Policy/waitingPerClient`` connections waiting for a request head. Its next connection ends
///   the one that has waited longest, so a request whose head comes at once, as every real
///   client's does, always gets in, and a trickler holds only a bounded number.
/// - **Head deadline.** A connection must deliver a request head within ``Policy/headTimeout`` of
///   starting to wait for one (on opening, or after its last answer). Trickled bytes do not move
///   the deadline.
/// - **Global limit.** Past ``Policy/connections`` open connections, a new one first ends the
///   connection that has waited longest for a head; when every connection is busy, its request is
///   answered 503 instead (libmicrohttpd's own limit sits above, keeping room to say so).
///
/// A sweep twice a second applies the deadline, ends downloads of files that shrank under them,
/// and tells suspended connections (slow requests, event streams) that their clients went away:
/// libmicrohttpd does not watch a suspended socket.
final class ConnectionGuard: Sendable {
    /// The limits.
    struct Policy: Sendable {
        /// Open connections before new ones are answered 503.
        var connections: Int
        /// Connections one client may have waiting for a request head.
        var waitingPerClient: Int
        /// Milliseconds a connection may wait for a request head, however its bytes trickle.
        var headTimeout: Int64
    }

    let policy: Policy
    private let state = Mutex(State())
    private let sweeper = NSCondition()
    private let isSweeping = Atomic(false)

    private struct State {
        var next: UInt64 = 1
        var count = 0
        var networks: [String: [UInt64: ConnectionRecord]] = [:]
    }

    /// How often the sweep runs.
    static let sweepInterval: TimeInterval = 0.5

    init(policy: Policy) {
        self.policy = policy
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// Starts the sweep, on a thread of its own (never one a busy task pool could hold up).
    func start() {
        isSweeping.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            sweeper.lock()
            while isSweeping.load(ordering: .relaxed) {
                _ = sweeper.wait(until: Date(timeIntervalSinceNow: ConnectionGuard.sweepInterval))
                guard isSweeping.load(ordering: .relaxed) else { break }
                sweeper.unlock()
                sweep()
                sweeper.lock()
            }
            sweeper.unlock()
        }
        thread.name = "folio-connection-guard"
        thread.start()
    }

    /// Stops the sweep.
    func stop() {
        sweeper.lock()
        isSweeping.store(false, ordering: .relaxed)
        sweeper.broadcast()
        sweeper.unlock()
    }

    /// A connection from `address` was accepted on `socket`: makes room for it as the policy says.
    func opened(socket: Int32, address: String) -> ConnectionRecord {
        let now = ConnectionGuard.now()
        let network = ClientNetwork.key(for: address)
        return state.withLock { state in
            let record = ConnectionRecord(
                address: address, network: network, number: state.next, socket: socket, now: now)
            state.next += 1
            if let members = state.networks[network], members.count >= policy.waitingPerClient,
                let oldest = ConnectionGuard.longestWaiting(in: members.values, atLeast: policy.waitingPerClient)
            {
                ConnectionGuard.end(oldest, in: &state)
            }
            if state.count >= policy.connections {
                let everyone = state.networks.values.lazy.flatMap(\.values)
                if let oldest = ConnectionGuard.longestWaiting(in: everyone, atLeast: 1) {
                    ConnectionGuard.end(oldest, in: &state)
                } else {
                    record.isOverCapacity.store(true, ordering: .relaxed)
                }
            }
            state.networks[network, default: [:]][record.number] = record
            state.count += 1
            return record
        }
    }

    /// The connection closed.
    func closed(_ record: ConnectionRecord) {
        record.closed()
        state.withLock { state in ConnectionGuard.forget(record, in: &state) }
    }

    /// Ends a connection and stops counting it.
    private static func end(_ record: ConnectionRecord, in state: inout State) {
        record.end()
        forget(record, in: &state)
    }

    private static func forget(_ record: ConnectionRecord, in state: inout State) {
        guard state.networks[record.network]?.removeValue(forKey: record.number) != nil else { return }
        state.count -= 1
        if state.networks[record.network]?.isEmpty == true {
            state.networks[record.network] = nil
        }
    }

    /// The connection that has waited longest for a request head, when at least `minimum` wait.
    private static func longestWaiting(in records: some Sequence<ConnectionRecord>, atLeast minimum: Int)
        -> ConnectionRecord?
    {
        var oldest: ConnectionRecord?
        var oldestSince = Int64.max
        var waiting = 0
        for record in records {
            let since = record.waitingSince.load(ordering: .relaxed)
            guard since != 0 else { continue }
            waiting += 1
            if since < oldestSince {
                oldest = record
                oldestSince = since
            }
        }
        return waiting >= minimum ? oldest : nil
    }

    /// The size of the file `handle` reads now, or nil when it cannot be told.
    static func size(of handle: FileHandle) -> UInt64? {
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else { return nil }
        return UInt64(status.st_size)
    }

    /// Ends connections past their head deadline and downloads of files that shrank, and tells
    /// suspended connections whose clients went away.
    func sweep(now: Int64 = ConnectionGuard.now()) {
        let busy = state.withLock { state -> [ConnectionRecord] in
            var busy: [ConnectionRecord] = []
            var expired: [ConnectionRecord] = []
            for record in state.networks.values.lazy.flatMap(\.values) {
                let since = record.waitingSince.load(ordering: .relaxed)
                if since == 0 {
                    busy.append(record)
                } else if now - since > policy.headTimeout {
                    expired.append(record)
                }
            }
            for record in expired {
                ConnectionGuard.end(record, in: &state)
            }
            return busy
        }
        var peers: [(socket: Int32, record: ConnectionRecord, action: @Sendable () -> Void)] = []
        for record in busy {
            let watched = record.watched
            if let (file, end) = watched.file, let size = ConnectionGuard.size(of: file), size < end {
                record.end()
            }
            if let action = watched.peerGone, let socket = record.openSocket {
                peers.append((socket, record, action))
            }
        }
        guard !peers.isEmpty else { return }
        var entries = peers.map { pollfd(fd: $0.socket, events: folio_poll_peer_closed, revents: 0) }
        guard poll(&entries, nfds_t(entries.count), 0) > 0 else { return }
        let gone = Int16(folio_poll_peer_closed) | Int16(POLLHUP) | Int16(POLLERR)
        for (entry, peer) in zip(entries, peers) where entry.revents & gone != 0 {
            peer.record.watchPeer(nil)
            peer.action()
        }
    }
}
