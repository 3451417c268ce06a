/// The map's base as Folio's JSON shows it (`folio settings tiles --json`, `GET /api/settings/tiles`):
/// whether a tile server is configured, its URL template, attribution and the origin images are
/// allowed from; without one, `configured` is false and the other fields are null.
public struct TileSettingsReport: Encodable, Sendable {
    public var configured: Bool
    public var url: String?
    public var attribution: String?
    public var origin: String?

    /// The report of `tiles`, or of no tile server.
    public init(_ tiles: TileServer?) {
        configured = tiles != nil
        url = tiles?.urlTemplate
        attribution = tiles?.attribution
        origin = tiles?.origin
    }

    private enum CodingKeys: String, CodingKey {
        case configured, url, attribution, origin
    }

    /// Writes every field, nulls included, so a script sees the same keys either way.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configured, forKey: .configured)
        try container.encode(url, forKey: .url)
        try container.encode(attribution, forKey: .attribution)
        try container.encode(origin, forKey: .origin)
    }
}
