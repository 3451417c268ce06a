import FolioLocation
import FolioSandbox

/// Opening the gazetteer and the track store of the command's container.
enum GeoStores {
    static func gazetteer(_ context: CommandContext) throws -> Gazetteer {
        try Gazetteer(try SandboxPath(parsing: Gazetteer.defaultPath), in: try context.container())
    }

    /// Where `first` and `second` are: through `service` (else the configured one) when there is
    /// one, else from the gazetteer.
    static func places(
        _ first: String, _ second: String, service: GeocodingService?, keys: [String], _ context: CommandContext
    ) async throws -> (Placemark, Placemark) {
        let container = try context.container()
        if let geocoder = try GeocoderSettings.geocoder(
            service: service, keys: keys, in: container, version: FolioCLI.version)
        {
            return (try await geocoder.place(first), try await geocoder.place(second))
        }
        let gazetteer = try gazetteer(context)
        return (try gazetteer.resolve(first), try gazetteer.resolve(second))
    }

    static func tracks(_ context: CommandContext) throws -> TrackStore {
        try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: try context.container())
    }
}
