import FolioHTTP

/// `/api/events`: server-sent events from the library's change stream.
struct EventsAPI {
    let hub: EventHub

    var routes: [Route] {
        [
            Route(
                .get, "/api/events",
                summary: "Server-sent events: live changes (created, renamed, deleted, modified, current)"
            ) { _ in
                var headers = HTTPHeaders()
                headers.set("Content-Type", "text/event-stream")
                headers.set("Cache-Control", "no-cache")
                headers.set("X-Accel-Buffering", "no")
                return HTTPResponse(headers: headers, body: .events(hub.subscribe()))
            }
        ]
    }
}
