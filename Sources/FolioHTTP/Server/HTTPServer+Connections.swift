import CMicroHTTPD
import Foundation
import Glibc

// The C callbacks libmicrohttpd calls for connections. Each connection's `ConnectionRecord`
// lives in MHD's per-connection `socket_context` as a retained pointer, released when the
// connection closes.

/// Called when a connection is accepted and when it closes.
let connectionNotice: MHD_NotifyConnectionCallback = { cls, connection, socketContext, notice in
    guard let cls, let connection, let socketContext else { return }
    let box = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if notice == .CONNECTION_NOTIFY_STARTED {
        let record = box.connections.opened(
            socket: folio_mhd_connection_socket(connection), address: clientAddress(of: connection))
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
    } else if let pointer = socketContext.pointee {
        socketContext.pointee = nil
        box.connections.closed(Unmanaged<ConnectionRecord>.fromOpaque(pointer).takeRetainedValue())
    }
}

/// Called with a request's URI as soon as its request line has arrived, before libmicrohttpd
/// splits off the query: measures it, for the check that the line held no NUL byte.
let requestLineArrived: folio_mhd_uri_logger = { _, uri, connection in
    if let uri, let connection, let pointer = folio_mhd_socket_context(connection) {
        Unmanaged<ConnectionRecord>.fromOpaque(pointer).takeUnretainedValue().uriLength.store(
            strlen(uri), ordering: .relaxed)
    }
    return nil
}
