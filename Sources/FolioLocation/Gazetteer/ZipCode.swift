/// A US zip code in the gazetteer: its place, state, county and centroid.
///
/// Its `Codable` form is the one shape of a zip code in Folio's JSON, the CLI's and the web
/// API's alike: flat, with the code as a string of five digits (leading zeros kept):
/// `{"county":"Holtsville","kind":"UNIQUE","latitude":40.8154,"longitude":-73.0451,
/// "place":"Holtsville","state":"NY","zip":"00501"}`.
public struct ZipCode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The five digits, `20500`.
    public var code: String
    /// The place (city or town) it belongs to, `Washington`.
    public var place: String
    /// The two-letter state, `DC`.
    public var state: String
    /// The county, when known.
    public var county: String?
    /// `STANDARD`, `PO BOX`, `UNIQUE` (one organisation) or `MILITARY`.
    public var kind: String
    /// The centroid (GeoNames).
    public var coordinate: Coordinate

    /// A zip code record.
    public init(
        code: String, place: String, state: String, county: String?, kind: String, coordinate: Coordinate
    ) {
        self.code = code
        self.place = place
        self.state = state
        self.county = county
        self.kind = kind
        self.coordinate = coordinate
    }

    /// `20500 Washington, DC`.
    public var description: String {
        "\(code) \(place), \(state)"
    }

    private enum CodingKeys: String, CodingKey {
        case zip, place, state, county, kind, latitude, longitude
    }

    /// Reads the flat JSON shape; `zip` must be a string (a number would have lost its zeros).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .zip)
        place = try container.decode(String.self, forKey: .place)
        state = try container.decode(String.self, forKey: .state)
        county = try container.decodeIfPresent(String.self, forKey: .county)
        kind = try container.decode(String.self, forKey: .kind)
        coordinate = Coordinate(
            latitude: try container.decode(Double.self, forKey: .latitude),
            longitude: try container.decode(Double.self, forKey: .longitude))
    }

    /// Writes the flat JSON shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .zip)
        try container.encode(place, forKey: .place)
        try container.encode(state, forKey: .state)
        try container.encodeIfPresent(county, forKey: .county)
        try container.encode(kind, forKey: .kind)
        try container.encode(coordinate.latitude, forKey: .latitude)
        try container.encode(coordinate.longitude, forKey: .longitude)
    }
}

/// A zip code found near a point, and how far its centroid is.
///
/// Its `Codable` form is the zip code's (``ZipCode``) with the `distance` in metres beside its
/// fields: what `folio geo near --json`, `folio geo reverse --json` and `/api/geo/reverse` print.
public struct ZipCodeMatch: Sendable, Hashable, Codable {
    /// The zip code.
    public var zipCode: ZipCode
    /// Metres from the point asked about to the centroid, along the ellipsoid.
    public var distance: Double

    /// A zip code `distance` metres from the point asked about.
    public init(zipCode: ZipCode, distance: Double) {
        self.zipCode = zipCode
        self.distance = distance
    }

    private enum CodingKeys: String, CodingKey {
        case distance
    }

    /// Reads the zip code's fields and the distance beside them.
    public init(from decoder: any Decoder) throws {
        zipCode = try ZipCode(from: decoder)
        distance = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .distance)
    }

    /// Writes the zip code's fields and the distance beside them.
    public func encode(to encoder: any Encoder) throws {
        try zipCode.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(distance, forKey: .distance)
    }
}
