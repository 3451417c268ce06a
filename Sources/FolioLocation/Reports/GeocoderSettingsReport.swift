/// The geocoder settings as Folio's JSON shows them (`folio settings geocoder --json`): the
/// service as spelt on the command line and the contact, null when not set.
public struct GeocoderSettingsReport: Encodable, Sendable {
    public var service: String?
    public var contact: String?

    /// The report of `settings`, or of none.
    public init(_ settings: GeocoderSettings?) {
        service = settings?.service?.description
        contact = settings?.contact
    }

    private enum CodingKeys: String, CodingKey { case service, contact }

    /// Writes both fields, nulls included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(service, forKey: .service)
        try container.encode(contact, forKey: .contact)
    }
}
