extension Geocoder {
    /// Where `place` is: a coordinate written `LAT,LON` as it is, without asking anyone;
    /// anything else as the geocoder finds it.
    ///
    /// This is how `folio geo distance A B --service S` and `/api/geo/distance` read both places.
    /// - Throws: ``LocationError``: `.invalidCoordinate` for a coordinate out of range, and the
    ///   geocoder's own failures.
    public func place(_ place: String) async throws(LocationError) -> Placemark {
        let text = place.trimmingCharacters(in: .whitespacesAndNewlines)
        if let coordinate = try Coordinate(parsing: text) {
            return Placemark(query: text, coordinate: coordinate, accuracy: .premise, name: coordinate.description)
        }
        return try await geocode(text)
    }
}
