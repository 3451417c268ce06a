import FolioDatabase
import FolioSandbox
import Foundation

/// What a geocoding service answered, kept in `Library/Caches/geocoding.db` so the same query is
/// not asked again for ``maximumAge``, and the turns of the service's requests, so that every
/// process using the container leaves at least ``GeocodeCache/interval`` between two of them.
///
/// Entries are keyed by the service's URL and the query exactly as asked (trimmed). Only answers
/// are kept, never failures. The database is rebuildable: deleting it loses nothing but time.
public final class GeocodeCache: Sendable {
    /// Where the cache is kept in the Home.
    public static let defaultPath = "Library/Caches/geocoding.db"
    /// How long an answer is used before it is asked again: 30 days.
    public let maximumAge: TimeInterval
    /// The least time between two requests to one service, across processes: 1.1 s (a service
    /// asking for "at most one a second" gets that, with room for the network's jitter).
    public let interval: TimeInterval

    private let queue: DatabaseQueue
    private let name: String

    /// The cache of `container`.
    ///
    /// - Throws: ``LocationError`` `.storageFailed` when the database cannot be opened.
    public init(in container: Container, maximumAge: TimeInterval = 30 * 86_400, interval: TimeInterval = 1.1)
        throws(LocationError)
    {
        self.maximumAge = maximumAge
        self.interval = interval
        name = Self.defaultPath
        do {
            let path = try SandboxPath(parsing: Self.defaultPath)
            queue = try DatabaseQueue(path, in: container)
            _ = try queue.inDatabase { db in try Self.migrator.migrate(db) }
        } catch {
            throw LocationError(
                .storageFailed, operation: "open geocoding cache", subject: Self.defaultPath, reason: "\(error)")
        }
    }

    static let migrator: Migrator = {
        var migrator = Migrator()
        migrator.register("create places and turns") { db in
            try db.execute(
                """
                CREATE TABLE places (
                    service TEXT NOT NULL,
                    query TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    accuracy INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    postal_code TEXT,
                    fetched REAL NOT NULL,
                    PRIMARY KEY (service, query)
                );
                CREATE TABLE turns (
                    service TEXT PRIMARY KEY,
                    next REAL NOT NULL
                );
                """)
        }
        return migrator
    }()

    /// The answer kept for `query` to `service`, unless it is older than ``maximumAge``.
    public func placemark(service: String, query: String, now: Date = Date()) throws(LocationError) -> Placemark? {
        let row = try queue.locationRead("read geocoding cache", subject: name) { db in
            try db.fetchOne(
                Row.self,
                """
                SELECT latitude, longitude, accuracy, name, postal_code AS postalCode FROM places
                WHERE service = ? AND query = ? AND fetched >= ?
                """, service, query, now.timeIntervalSince1970 - maximumAge)
        }
        guard let row, let coordinate = try? Coordinate(validatingLatitude: row.latitude, longitude: row.longitude)
        else { return nil }
        return Placemark(
            query: query, coordinate: coordinate, accuracy: GeocodeAccuracy(rawValue: row.accuracy) ?? .unknown,
            name: row.name, postalCode: row.postalCode)
    }

    /// Keeps `placemark` as the answer of `service` to its query.
    public func keep(_ placemark: Placemark, service: String, now: Date = Date()) throws(LocationError) {
        try queue.locationWrite("write geocoding cache", subject: name) { db in
            try db.execute(
                """
                INSERT OR REPLACE INTO places (service, query, latitude, longitude, accuracy, name, postal_code, fetched)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, service, placemark.query, placemark.coordinate.latitude, placemark.coordinate.longitude,
                placemark.accuracy.rawValue, placemark.name, placemark.postalCode, now.timeIntervalSince1970)
        }
    }

    /// Takes the next turn to ask `service`: the time to send the request at, at least
    /// ``interval`` after the turn taken before it by any process.
    ///
    /// The turn is taken in an immediate transaction, so two processes never get the same one;
    /// the caller waits until the time returned, outside any lock.
    public func takeTurn(service: String, now: Date = Date()) throws(LocationError) -> Date {
        let interval = interval
        return try queue.locationWrite("take a geocoding turn", subject: service) { db in
            let now = now.timeIntervalSince1970
            let next = try db.fetchOne(Turn.self, "SELECT next FROM turns WHERE service = ?", service)?.next ?? now
            // A turn more than a minute ahead is a clock that was set back, not a queue.
            let slot = next - now > 60 ? now : max(now, next)
            try db.execute(
                "INSERT OR REPLACE INTO turns (service, next) VALUES (?, ?)", service, slot + interval)
            return Date(timeIntervalSince1970: slot)
        }
    }

    struct Turn: Decodable {
        var next: Double
    }

    struct Row: Decodable {
        var latitude: Double
        var longitude: Double
        var accuracy: Int
        var name: String
        var postalCode: String?
    }
}
