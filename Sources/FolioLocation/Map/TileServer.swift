import Foundation

/// The base map of the interactive map: an XYZ tile server's URL template, such as
/// `https://tile.openstreetmap.org/{z}/{x}/{y}.png`, and the attribution its terms ask for.
///
/// A template is checked when it is made: an `http` or `https` URL with one literal host (no
/// user name or password, no placeholder in the host) and each of `{z}`, `{x}` and `{y}` in its
/// path or query, and no other placeholder. The host is what the web app's content security
/// policy allows images from, so only that host is ever reached.
///
/// ```swift
/// let tiles = try TileServer(urlTemplate: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
///                            attribution: "© OpenStreetMap contributors")
/// tiles.origin  // "https://tile.openstreetmap.org"
/// ```
public struct TileServer: Sendable, Hashable, Codable {
    /// The URL template, with `{z}`, `{x}` and `{y}` where a tile's zoom and column and row go.
    public let urlTemplate: String
    /// What the map shows in its corner as the tiles' source, as plain text; nil for none.
    public let attribution: String?

    /// The placeholders a template must have.
    public static let placeholders = ["{z}", "{x}", "{y}"]
    /// The longest template accepted, in characters.
    public static let maximumTemplateLength = 2048
    /// The longest attribution accepted, in characters.
    public static let maximumAttributionLength = 300

    /// A tile server at `urlTemplate`, credited with `attribution`.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument` saying which rule the template or the
    ///   attribution breaks.
    public init(urlTemplate: String, attribution: String? = nil) throws(LocationError) {
        func invalid(_ subject: String, _ reason: String) -> LocationError {
            LocationError(
                .invalidArgument, operation: "set tile server", subject: LocationError.quoted(subject, limit: 120),
                reason: reason)
        }
        let template = urlTemplate.trimmingCharacters(in: .whitespaces)
        guard !template.isEmpty else { throw invalid(urlTemplate, "the tile URL is empty") }
        guard template.count <= Self.maximumTemplateLength else {
            throw invalid(template, "the tile URL is longer than \(Self.maximumTemplateLength) characters")
        }
        guard !template.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0.value > 0x7E })
        else {
            throw invalid(template, "the tile URL has spaces, control or non-ASCII characters (percent-encode them)")
        }
        let lower = template.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw invalid(template, "the tile URL must start with http:// or https://")
        }
        let afterScheme = template[template.index(after: template.firstIndex(of: ":") ?? template.startIndex)...]
            .dropFirst(2)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("{") && !authority.contains("}") else {
            throw invalid(template, "the tile URL's host must be written out (one host, no {s} or other placeholder)")
        }
        guard !authority.contains("@") else {
            throw invalid(template, "the tile URL must not carry a user name or password")
        }
        for placeholder in Self.placeholders where !template.contains(placeholder) {
            throw invalid(template, "the tile URL has no \(placeholder) placeholder; it needs {z}, {x} and {y}")
        }
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw invalid(template, "the tile URL has a { without its }")
            }
            let placeholder = String(rest[open...close])
            guard Self.placeholders.contains(placeholder) else {
                throw invalid(
                    template,
                    "the tile URL has the placeholder \(LocationError.quoted(placeholder, limit: 20)); "
                        + "Folio fills only {z}, {x} and {y}")
            }
            rest = rest[rest.index(after: close)...]
        }
        guard !rest.contains("}") else { throw invalid(template, "the tile URL has a } without its {") }
        var filled = template
        for placeholder in Self.placeholders { filled = filled.replacingOccurrences(of: placeholder, with: "0") }
        guard let components = URLComponents(string: filled), let host = components.host, !host.isEmpty else {
            throw invalid(template, "the tile URL is not a valid URL with a host")
        }
        guard components.user == nil, components.password == nil else {
            throw invalid(template, "the tile URL must not carry a user name or password")
        }
        guard components.fragment == nil else { throw invalid(template, "the tile URL must not have a #fragment") }
        if let port = components.port, !(1...65535).contains(port) {
            throw invalid(template, "the tile URL's port \(port) is not 1…65535")
        }
        var credit: String?
        if let attribution {
            let text = attribution.trimmingCharacters(in: .whitespaces)
            guard text.count <= Self.maximumAttributionLength else {
                throw invalid(attribution, "the attribution is longer than \(Self.maximumAttributionLength) characters")
            }
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw invalid(attribution, "the attribution has control characters")
            }
            credit = text.isEmpty ? nil : text
        }
        self.urlTemplate = template
        self.attribution = credit
    }

    /// Where the tiles come from, as a content security policy names it: `https://tile.example.org`,
    /// with the port when the template gives one.
    public var origin: String {
        var filled = urlTemplate
        for placeholder in Self.placeholders { filled = filled.replacingOccurrences(of: placeholder, with: "0") }
        // The initialiser checked that the URL parses with a host.
        guard let components = URLComponents(string: filled), let host = components.host else { return "" }
        let scheme = (components.scheme ?? "https").lowercased()
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(name.lowercased())" + (components.port.map { ":\($0)" } ?? "")
    }

    /// The address of the tile at `zoom`, `x`, `y`.
    public func url(zoom: Int, x: Int, y: Int) -> String {
        urlTemplate.replacingOccurrences(of: "{z}", with: String(zoom))
            .replacingOccurrences(of: "{x}", with: String(x))
            .replacingOccurrences(of: "{y}", with: String(y))
    }

    private enum CodingKeys: String, CodingKey {
        case urlTemplate = "url"
        case attribution
    }

    /// Reads a tile server from JSON and checks it as ``init(urlTemplate:attribution:)`` does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            urlTemplate: try container.decode(String.self, forKey: .urlTemplate),
            attribution: try container.decodeIfPresent(String.self, forKey: .attribution))
    }

    /// Writes `url` and `attribution`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(urlTemplate, forKey: .urlTemplate)
        try container.encodeIfPresent(attribution, forKey: .attribution)
    }
}
