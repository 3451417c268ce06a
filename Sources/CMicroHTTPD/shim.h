// libmicrohttpd for Swift: the library's header plus static inline wrappers for its variadic
// functions (MHD_start_daemon, MHD_get_connection_info), which Swift cannot call directly, and the
// few socket calls the server makes on the connections libmicrohttpd owns.
#ifndef FOLIO_CMICROHTTPD_SHIM_H
#define FOLIO_CMICROHTTPD_SHIM_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>

#ifndef POLLRDHUP
// Linux's "peer closed its end" poll flag, defined by <poll.h> only under _GNU_SOURCE.
#define POLLRDHUP 0x2000
#endif

/// An unescape callback that leaves the URL as sent, so the application decodes each path
/// component itself (and "%2F" inside a name stays distinguishable from "/").
static inline size_t folio_mhd_keep_escaped(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls;
    (void)connection;
    return strlen(s);
}

/// The callback libmicrohttpd calls with each request's URI as soon as its request line has
/// arrived (MHD_OPTION_URI_LOG_CALLBACK); what it returns becomes the request's first `con_cls`.
typedef void *(*folio_mhd_uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection);

/// What a daemon is started with.
struct folio_mhd_settings {
    /// An IPv4 or IPv6 literal.
    const char *host;
    /// 0 picks a free port.
    uint16_t port;
    /// Threads of the epoll pool.
    unsigned int threads;
    /// Connections open at once; libmicrohttpd closes any beyond this as soon as it accepts them.
    unsigned int connection_limit;
    /// Seconds a connection may stay without any traffic.
    unsigned int timeout_seconds;
    /// The memory pool of each connection (headers, and the buffers of callback responses).
    size_t memory_limit;
    MHD_AccessHandlerCallback handler;
    void *handler_cls;
    MHD_RequestCompletedCallback completed;
    void *completed_cls;
    MHD_NotifyConnectionCallback connection_notice;
    void *connection_notice_cls;
    folio_mhd_uri_logger uri_log;
    void *uri_log_cls;
};

/// Starts a daemon with an epoll thread pool, suspend/resume, limits, per-connection notices and
/// URLs left escaped, without libmicrohttpd's own error log (one line on stderr for every
/// connection a client drops: a client could fill the terminal with it). Returns NULL on failure
/// (errno tells why for the socket calls).
static inline struct MHD_Daemon *folio_mhd_start(const struct folio_mhd_settings *settings) {
    struct sockaddr_storage storage;
    memset(&storage, 0, sizeof storage);
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    struct sockaddr_in *v4 = (struct sockaddr_in *)&storage;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&storage;
    if (inet_pton(AF_INET, settings->host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(settings->port);
    } else if (inet_pton(AF_INET6, settings->host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(settings->port);
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(flags, settings->port, NULL, NULL, settings->handler, settings->handler_cls,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&storage,
                            MHD_OPTION_THREAD_POOL_SIZE, settings->threads,
                            MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, settings->timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->memory_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, settings->completed, settings->completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, settings->connection_notice,
                            settings->connection_notice_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, settings->uri_log, settings->uri_log_cls,
                            MHD_OPTION_UNESCAPE_CALLBACK, folio_mhd_keep_escaped, NULL,
                            MHD_OPTION_END);
}

/// The port a daemon listens on (useful after starting on port 0).
static inline uint16_t folio_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The client's address as text ("127.0.0.1", "::1"), written into `buffer`.
static inline void folio_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    buffer[0] = '\0';
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) {
        return;
    }
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)size);
    }
}

/// The connection's socket, or -1.
static inline int folio_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// What the connection-started notice stored for the connection, or NULL.
static inline void *folio_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// Whether the request line libmicrohttpd parsed held a NUL byte.
///
/// libmicrohttpd hands the request line over as C strings, each cut at its first NUL, which would
/// make `GET /a.txt\0.png` a request for `/a.txt`. The pieces lie in one buffer in the order they
/// were sent, with a NUL written over each space between them: the method first, then after spaces
/// the URI (whose length `uri_length` the URI log callback measured before the query was split
/// off), then the version. A piece whose string ends before the next piece begins held a NUL. When
/// the pointers do not lie that way (HTTP/0.9 has no version), the line is not judged here.
static inline bool folio_mhd_request_line_has_nul(const char *method, const char *uri, size_t uri_length,
                                                  const char *version) {
    if (method == NULL || uri == NULL || version == NULL || !(method < uri && uri < version)) {
        return false;
    }
    if ((size_t)(version - method) > (1 << 20)) {
        return false;
    }
    const char *after_method = method + strlen(method) + 1;
    if (after_method > uri) {
        return false;
    }
    for (const char *gap = after_method; gap < uri; gap++) {
        if (*gap != ' ') {
            return true;
        }
    }
    return uri + uri_length + 1 != version;
}

/// poll's flag for "the peer closed its end or shut down its writing" (POLLRDHUP), which Swift's
/// Glibc module leaves out.
static const short folio_poll_peer_closed = POLLRDHUP;

#endif
