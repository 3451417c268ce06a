import FolioDatabase
import FolioSandbox
import Foundation

/// Folio's offline gazetteer: US zip codes with their centroids (GeoNames, CC BY 4.0) in SQLite,
/// plus a few landmarks. It geocodes zip codes, towns, landmarks and addresses that end in a zip
/// code; finds the zip code nearest a point; and finds every zip code within a radius.
///
/// Radius searches run inside SQLite with the geodesic `distance()` function registered from
/// Swift (``FolioDatabase/Database/createDistanceFunction(named:)``), after a bounding-box
/// prefilter that an index on latitude and longitude answers.
///
/// ```swift
/// let gazetteer = try Gazetteer(SandboxPath(parsing: Gazetteer.defaultPath), in: container)
/// let white = try gazetteer.resolve("White House")
/// let near = try gazetteer.zipCodes(within: 16_093.44, of: white.coordinate)  // 10 miles
/// ```
public final class Gazetteer: Geocoder, Sendable {
    /// Where provisioning puts the gazetteer in a container.
    public static let defaultPath = "Library/Database/zipcodes.db"

    let queue: DatabaseQueue
    /// What people call it: its path.
    public let name: String

    /// Opens the gazetteer at `path` in `container`, read-only.
    ///
    /// - Throws: ``LocationError`` `.storageFailed` when it is missing or not a gazetteer.
    public convenience init(_ path: SandboxPath, in container: Container) throws(LocationError) {
        try self.init(name: path.description) { configuration throws(DatabaseError) in
            try DatabaseQueue(path, in: container, mode: .readOnly, configuration: configuration)
        }
    }

    /// Opens the gazetteer file at `path` anywhere in the file system, read-only.
    public convenience init(path: String) throws(LocationError) {
        try self.init(name: path) { configuration throws(DatabaseError) in
            try DatabaseQueue(path: path, mode: .readOnly, configuration: configuration)
        }
    }

    private init(name: String, open: (Configuration) throws(DatabaseError) -> DatabaseQueue) throws(LocationError) {
        self.name = name
        var configuration = Configuration()
        configuration.prepareDatabase = { db in try db.createDistanceFunction() }
        do {
            queue = try open(configuration)
            let tables = try queue.inDatabase { db in
                try db.fetchValues(String.self, "SELECT name FROM sqlite_schema WHERE type = 'table'")
            }
            guard tables.contains("zipcodes"), tables.contains("landmarks") else {
                throw LocationError(
                    .storageFailed, operation: "open gazetteer", subject: name,
                    reason: "the database has no zipcodes and landmarks tables")
            }
        } catch {
            throw LocationError.storage(error, operation: "open gazetteer", subject: name)
        }
    }

    /// The gazetteer's sources and licence, as recorded in it.
    public func attribution() throws(LocationError) -> String {
        try read("read attribution", subject: name) { db in
            try db.fetchValue(String.self, "SELECT value FROM about WHERE key = 'attribution'") ?? ""
        }
    }

    /// The number of zip codes.
    public func count() throws(LocationError) -> Int {
        try read("count zip codes", subject: name) { db in
            try db.fetchValue(Int.self, "SELECT count(*) FROM zipcodes") ?? 0
        }
    }

    /// The record of a five-digit zip code, or nil when there is none.
    public func zipCode(_ code: String) throws(LocationError) -> ZipCode? {
        try read("look up zip code", subject: code) { db in
            try db.fetchOne(
                ZipCodeRow.self, "SELECT \(ZipCodeRow.columns) FROM zipcodes WHERE zip = ?", code
            )?.zipCode
        }
    }

    public func geocode(_ query: String) async throws(LocationError) -> Placemark {
        try resolve(query)
    }

    /// Runs `body` in a read transaction, turning database errors into ``LocationError``.
    func read<Value>(_ operation: String, subject: String, _ body: (Database) throws -> Value) throws(LocationError)
        -> Value
    {
        try queue.locationRead(operation, subject: subject, body)
    }
}

/// A row of the `zipcodes` table.
struct ZipCodeRow: Decodable {
    static let columns = "zip, place, state, county, kind, latitude, longitude"

    var zip: String
    var place: String
    var state: String
    var county: String?
    var kind: String
    var latitude: Double
    var longitude: Double

    var zipCode: ZipCode {
        ZipCode(
            code: zip, place: place, state: state, county: county, kind: kind,
            coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }
}
