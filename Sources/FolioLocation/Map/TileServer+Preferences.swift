import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// The tile server the user configured, kept in `Library/Preferences/MapTiles.json`.
extension TileServer {
    /// Where the setting is kept in the Home.
    public static let preferencesPath = "Library/Preferences/MapTiles.json"
    /// The largest settings file read.
    static let preferencesLimit = 1 << 16

    /// The tile server configured in `container`; nil when there is none (the map then has its
    /// offline base).
    ///
    /// - Throws: ``LocationError`` `.malformed` when the file is not a valid setting (it was
    ///   edited by hand), `.storageFailed` when it cannot be read.
    public static func configured(in container: Container) throws(LocationError) -> TileServer? {
        let path = try settingsPath(operation: "read tile settings")
        let data: Data
        do {
            data = try Files(container).contents(of: path, limit: preferencesLimit)
        } catch  where error.code == .notFound {
            return nil
        } catch {
            throw LocationError(
                .storageFailed, operation: "read tile settings", subject: preferencesPath, reason: error.reason,
                underlying: error)
        }
        return try TileServer(settings: data)
    }

    /// Reads a settings file's bytes: a JSON object with a valid `url` and an optional `attribution`.
    ///
    /// - Throws: ``LocationError`` `.malformed` saying what is wrong.
    public init(settings data: Data) throws(LocationError) {
        func malformed(_ reason: String) -> LocationError {
            LocationError(
                .malformed, operation: "read tile settings", subject: TileServer.preferencesPath,
                reason: reason + "; set it again with 'folio settings tiles URL' or remove it with --clear")
        }
        guard data.count <= TileServer.preferencesLimit else { throw malformed("the file is too large") }
        do {
            self = try FolioJSON.decoder().decode(TileServer.self, from: data)
        } catch let error as LocationError {
            throw malformed(error.reason)
        } catch {
            throw malformed("it is not a JSON object with a url (\(CodingProblem.describe(error)))")
        }
    }

    /// Keeps this tile server as the container's base map, replacing any other (atomically).
    ///
    /// - Throws: ``LocationError`` `.storageFailed`.
    public func save(in container: Container) throws(LocationError) {
        let path = try Self.settingsPath(operation: "save tile settings")
        do {
            let data = try FolioJSON.encode(self, pretty: true)
            try Files(container).write(data + Data("\n".utf8), to: path)
        } catch let error as FileError {
            throw LocationError(
                .storageFailed, operation: "save tile settings", subject: Self.preferencesPath, reason: error.reason,
                underlying: error)
        } catch {
            throw LocationError(
                .storageFailed, operation: "save tile settings", subject: Self.preferencesPath,
                reason: "the setting could not be written as JSON")
        }
    }

    /// Forgets the configured tile server: the map goes back to its offline base.
    ///
    /// - Returns: the tile server that was configured, if one was (a damaged setting is removed too).
    /// - Throws: ``LocationError`` `.storageFailed`.
    @discardableResult
    public static func clear(in container: Container) throws(LocationError) -> TileServer? {
        // A damaged setting has nothing to report back, and is removed all the same.
        let previous = try? configured(in: container)
        let path = try settingsPath(operation: "clear tile settings")
        do {
            try Files(container).remove(path)
        } catch  where error.code == .notFound {
            return nil
        } catch {
            throw LocationError(
                .storageFailed, operation: "clear tile settings", subject: preferencesPath, reason: error.reason,
                underlying: error)
        }
        return previous
    }

    private static func settingsPath(operation: String) throws(LocationError) -> SandboxPath {
        do {
            return try SandboxPath(parsing: preferencesPath)
        } catch {
            throw LocationError(.storageFailed, operation: operation, subject: preferencesPath, reason: error.reason)
        }
    }
}
