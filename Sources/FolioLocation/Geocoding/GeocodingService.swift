import FolioSandbox

/// A geocoding service as the command line and the settings spell it: `nominatim:URL` for a
/// Nominatim-compatible JSON service, or the URL template of the chapter's CSV service
/// (`http://host/maps/geo?q={query}&output=csv&key={key}`, also written `csv:URL`).
public enum GeocodingService: Sendable, Hashable, CustomStringConvertible {
    /// The chapter's CSV service at a URL template with `{query}` (and `{key}`).
    case csv(urlTemplate: String)
    /// A Nominatim-compatible service at a base URL (`https://nominatim.openstreetmap.org`).
    case nominatim(url: String)

    /// Reads a service's spelling.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument` for an unknown kind or an empty URL.
    public init(parsing text: String) throws(LocationError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        if lower.hasPrefix("nominatim:") {
            let url = String(trimmed.dropFirst("nominatim:".count))
            guard !url.isEmpty else { throw Self.invalid(text, "nominatim: needs the service's URL after it") }
            self = .nominatim(url: url)
        } else if lower.hasPrefix("csv:") {
            self = .csv(urlTemplate: String(trimmed.dropFirst("csv:".count)))
        } else if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            self = .csv(urlTemplate: trimmed)
        } else {
            throw Self.invalid(
                text, "a service is nominatim:URL (a Nominatim JSON service) or a CSV service's http(s) URL template")
        }
    }

    public var description: String {
        switch self {
        case .csv(let template): template
        case .nominatim(let url): "nominatim:" + url
        }
    }

    /// The geocoder for this service: a ``NominatimGeocoder`` caching in `container`'s
    /// `Library/Caches/` and naming `userAgent`, or a ``CSVGeocoder`` spreading `keys`.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument` for a bad URL, or keys for a service that
    ///   takes none.
    public func makeGeocoder(keys: [String], container: Container, userAgent: String) throws(LocationError)
        -> any Geocoder
    {
        switch self {
        case .csv(let template):
            return try CSVGeocoder(urlTemplate: template, keys: keys)
        case .nominatim(let url):
            guard keys.isEmpty else {
                throw Self.invalid(description, "a Nominatim service takes no --key (keys are for a CSV service)")
            }
            return try NominatimGeocoder(serviceURL: url, userAgent: userAgent, cache: try GeocodeCache(in: container))
        }
    }

    private static func invalid(_ text: String, _ reason: String) -> LocationError {
        LocationError(
            .invalidArgument, operation: "choose geocoding service", subject: LocationError.quoted(text, limit: 120),
            reason: reason)
    }
}
