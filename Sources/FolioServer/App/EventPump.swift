import FolioCore
import FolioDocuments
import FolioHTTP
import Foundation
import Synchronization

/// Feeds the document library's changes — Folio's own and other programs' — to the event hub as
/// server-sent events, and pings idle streams every 15 seconds.
final class EventPump: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let watching = Mutex<DocumentEvents?>(nil)

    /// Starts pumping `library`'s events into `hub`; `listings` is emptied before each event goes
    /// out (so a browser that reloads on it gets fresh pages) and works only while events flow.
    func start(library: DocumentLibrary, hub: EventHub, listings: ListingCache) throws {
        // A burst (a shell removing thousands of files) reaches browsers as one "list again".
        let events = try library.events(gathering: .milliseconds(25), refreshAbove: 50)
        watching.withLock { $0 = events }
        listings.isEnabled = true
        let pump = Task.detached {
            do {
                for try await event in events {
                    listings.invalidate()
                    let (name, data) = EventPump.message(for: event)
                    hub.publish(name, data: data)
                }
            } catch {
                hub.publish("refreshNeeded", data: #"{"type":"refreshNeeded"}"#)
            }
            // No more changes will be seen: stop answering from memory.
            listings.isEnabled = false
        }
        let pinger = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                hub.ping()
            }
        }
        tasks.withLock { $0 = [pump, pinger] }
    }

    /// Stops watching and pinging.
    func stop() {
        watching.withLock { $0?.stop() }
        tasks.withLock { tasks in
            for task in tasks { task.cancel() }
        }
    }

    /// The event's name and JSON data.
    static func message(for event: DocumentEvent) -> (String, String) {
        let fields: [String: String?]
        let type: String
        switch event {
        case .created(let name): (type, fields) = ("created", ["name": name])
        case .renamed(let from, let to): (type, fields) = ("renamed", ["from": from, "to": to])
        case .deleted(let name): (type, fields) = ("deleted", ["name": name])
        case .modified(let name): (type, fields) = ("modified", ["name": name])
        case .currentChanged(let name): (type, fields) = ("currentChanged", ["name": name])
        case .refreshNeeded: (type, fields) = ("refreshNeeded", [:])
        }
        var object: [String: String] = ["type": type]
        for (key, value) in fields {
            object[key] = value ?? ""
        }
        let data = (try? FolioJSON.encoder().encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return (type, data)
    }
}
