/// A US zip code in the gazetteer: its place, state, county and centroid.
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
}

/// A zip code found near a point, and how far its centroid is.
public struct ZipCodeMatch: Sendable, Hashable, Codable {
    /// The zip code.
    public var zipCode: ZipCode
    /// Metres from the point asked about to the centroid, along the ellipsoid.
    public var distance: Double
}
