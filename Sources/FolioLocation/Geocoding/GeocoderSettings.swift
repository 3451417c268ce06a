import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// The geocoding service the user configured (`folio settings geocoder`), kept in
/// `Library/Preferences/Geocoding.json`: the service the app and the commands use instead of the
/// offline gazetteer, and the contact a service's usage policy asks requests to carry.
public struct GeocoderSettings: Sendable, Hashable, Codable {
    /// Where the setting is kept in the Home.
    public static let preferencesPath = "Library/Preferences/Geocoding.json"
    /// The service; nil when only a contact is set.
    public var service: GeocodingService?
    /// An e-mail address or URL that identifies the user to the service, in its `User-Agent`.
    public var contact: String?

    /// Settings of `service` and `contact`.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument` for a contact with control characters or
    ///   over 200 characters, or a CSV service that needs keys (keys are secrets: they are given
    ///   with `--key` each time, never kept in settings).
    public init(service: GeocodingService?, contact: String?) throws(LocationError) {
        if case .csv(let template) = service, template.contains("{key}") {
            throw LocationError(
                .invalidArgument, operation: "set geocoder", subject: LocationError.quoted(template, limit: 120),
                reason: "a service that needs keys is not kept in settings; give it with --service and --key")
        }
        let text = contact?.trimmingCharacters(in: .whitespaces)
        if let text {
            guard text.count <= 200, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw LocationError(
                    .invalidArgument, operation: "set geocoder", subject: LocationError.quoted(text, limit: 60),
                    reason: "the contact must be one line of at most 200 characters")
            }
        }
        self.service = service
        self.contact = text.flatMap { $0.isEmpty ? nil : $0 }
    }

    private enum CodingKeys: String, CodingKey { case service, contact }

    /// Reads the settings file's JSON, checked as ``init(service:contact:)`` checks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let service = try container.decodeIfPresent(String.self, forKey: .service)
        try self.init(
            service: try service.map { text throws(LocationError) in try GeocodingService(parsing: text) },
            contact: try container.decodeIfPresent(String.self, forKey: .contact))
    }

    /// Writes `service` (as spelt on the command line) and `contact`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(service?.description, forKey: .service)
        try container.encodeIfPresent(contact, forKey: .contact)
    }

    /// The settings of `container`; nil when none are kept.
    ///
    /// - Throws: ``LocationError`` `.malformed` for a damaged file, `.storageFailed` when it
    ///   cannot be read.
    public static func configured(in container: Container) throws(LocationError) -> GeocoderSettings? {
        func failure(_ code: LocationError.Code, _ reason: String) -> LocationError {
            LocationError(code, operation: "read geocoder settings", subject: preferencesPath, reason: reason)
        }
        let data: Data
        do {
            data = try Files(container).contents(of: try SandboxPath(parsing: preferencesPath), limit: 1 << 16)
        } catch  where error.code == .notFound {
            return nil
        } catch {
            throw failure(.storageFailed, error.reason)
        }
        do {
            return try FolioJSON.decoder().decode(GeocoderSettings.self, from: data)
        } catch let error as LocationError {
            throw failure(.malformed, error.reason + "; set it again with 'folio settings geocoder' or --clear")
        } catch {
            throw failure(
                .malformed,
                "it is not a JSON object with a service and a contact (\(CodingProblem.describe(error))); "
                    + "set it again with 'folio settings geocoder' or --clear")
        }
    }

    /// Keeps these settings in `container`, replacing any (atomically).
    public func save(in container: Container) throws(LocationError) {
        do {
            let data = try FolioJSON.encode(self, pretty: true) + Data("\n".utf8)
            try Files(container).write(data, to: try SandboxPath(parsing: Self.preferencesPath))
        } catch let error as FileError {
            throw LocationError(
                .storageFailed, operation: "save geocoder settings", subject: Self.preferencesPath,
                reason: error.reason, underlying: error)
        } catch {
            throw LocationError(
                .storageFailed, operation: "save geocoder settings", subject: Self.preferencesPath,
                reason: "the settings could not be written as JSON")
        }
    }

    /// Removes the settings: the app and the commands go back to the offline gazetteer.
    ///
    /// - Returns: whether there were any.
    @discardableResult
    public static func clear(in container: Container) throws(LocationError) -> Bool {
        do {
            try Files(container).remove(try SandboxPath(parsing: preferencesPath))
            return true
        } catch  where error.code == .notFound {
            return false
        } catch {
            throw LocationError(
                .storageFailed, operation: "clear geocoder settings", subject: preferencesPath, reason: error.reason,
                underlying: error)
        }
    }

    /// The geocoder to use: `service` when given (with `keys`), else the configured service;
    /// nil when neither is, for the offline gazetteer. A Nominatim service's `User-Agent` names
    /// Folio `version` and the configured contact.
    ///
    /// This is the one rule `folio geo` and `/api/geo/` follow.
    /// - Throws: ``LocationError`` for a bad service or damaged settings.
    public static func geocoder(
        service: GeocodingService?, keys: [String], in container: Container, version: String
    ) throws(LocationError) -> (any Geocoder)? {
        let settings = try configured(in: container)
        guard let chosen = service ?? settings?.service else {
            guard keys.isEmpty else {
                throw LocationError(
                    .invalidArgument, operation: "choose geocoding service", subject: "--key",
                    reason: "keys are for a service: give --service too")
            }
            return nil
        }
        let agent = NominatimGeocoder.userAgent(version: version, contact: settings?.contact)
        return try chosen.makeGeocoder(keys: keys, container: container, userAgent: agent)
    }
}
