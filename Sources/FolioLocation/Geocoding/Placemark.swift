/// Where a geocoder placed a query: the coordinate, how precise it is, and what it matched.
public struct Placemark: Sendable, Hashable, Codable {
    /// What was asked.
    public var query: String
    /// The position found.
    public var coordinate: Coordinate
    /// How precisely the position matches the query.
    public var accuracy: GeocodeAccuracy
    /// What matched, for people: `Washington, DC 20500`.
    public var name: String
    /// The zip code, when the match is one.
    public var postalCode: String?

    /// A placemark.
    public init(
        query: String, coordinate: Coordinate, accuracy: GeocodeAccuracy, name: String, postalCode: String? = nil
    ) {
        self.query = query
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.name = name
        self.postalCode = postalCode
    }
}

/// How precise a geocoded position is: the accuracy levels of the chapter's CSV service, from
/// 0 (unknown) to 9 (a building); its `8` is an address.
public enum GeocodeAccuracy: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Unknown.
    case unknown = 0
    /// A country.
    case country = 1
    /// A region: a state or province.
    case region = 2
    /// A sub-region: a county.
    case subRegion = 3
    /// A town or city.
    case town = 4
    /// A postal (zip) code.
    case postalCode = 5
    /// A street.
    case street = 6
    /// An intersection.
    case intersection = 7
    /// An address.
    case address = 8
    /// A premise: a building or landmark.
    case premise = 9

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .country: "country"
        case .region: "region"
        case .subRegion: "sub-region"
        case .town: "town"
        case .postalCode: "postal code"
        case .street: "street"
        case .intersection: "intersection"
        case .address: "address"
        case .premise: "premise"
        }
    }
}
