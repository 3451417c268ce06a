/// A placemark as Folio's JSON shows it, to scripts (`folio geo … --json`) and to the web app
/// (`/api/geo/…`): flat coordinates, the accuracy in words, the zip code when known.
public struct PlacemarkReport: Encodable, Sendable {
    public var query: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var accuracy: String
    public var zip: String?

    public init(_ placemark: Placemark) {
        query = placemark.query
        name = placemark.name
        latitude = placemark.coordinate.latitude
        longitude = placemark.coordinate.longitude
        accuracy = placemark.accuracy.description
        zip = placemark.postalCode
    }
}
