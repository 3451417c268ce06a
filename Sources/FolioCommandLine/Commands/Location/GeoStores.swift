import FolioLocation
import FolioSandbox

/// Opening the gazetteer and the track store of the command's container.
enum GeoStores {
    static func gazetteer(_ context: CommandContext) throws -> Gazetteer {
        try Gazetteer(try SandboxPath(parsing: Gazetteer.defaultPath), in: try context.container())
    }

    static func tracks(_ context: CommandContext) throws -> TrackStore {
        try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: try context.container())
    }
}

/// A zip code as `--json` prints it.
struct ZipCodeReport: Encodable {
    var zip: String
    var place: String
    var state: String
    var county: String?
    var kind: String
    var latitude: Double
    var longitude: Double
    var distance: Double?

    init(_ match: ZipCodeMatch) {
        let record = match.zipCode
        zip = record.code
        place = record.place
        state = record.state
        county = record.county
        kind = record.kind
        latitude = record.coordinate.latitude
        longitude = record.coordinate.longitude
        distance = match.distance
    }
}
