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
