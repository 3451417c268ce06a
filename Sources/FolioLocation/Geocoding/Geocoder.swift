/// Turns an address, a place or a zip code into coordinates. Folio has two: ``CSVGeocoder`` for
/// the HTTP service the chapter uses, and the offline ``Gazetteer`` of US zip codes.
///
/// A failure is always thrown, never answered with a placeholder position.
public protocol Geocoder: Sendable {
    /// The best match for `query`.
    ///
    /// - Throws: ``LocationError``: `.unknownAddress` when nothing matches, and the service's
    ///   own failures.
    func geocode(_ query: String) async throws(LocationError) -> Placemark
}
