import FolioDatabase
import Foundation

extension Gazetteer {
    /// Finds a place offline. In order, `query` may be:
    ///
    /// - coordinates, `38.8977,-77.0365`: returned as they are;
    /// - a zip code, `20500` or `20500-0003`: its centroid;
    /// - a landmark, `White House` or `the Pentagon`;
    /// - an address ending in a zip code, `1600 Pennsylvania Ave NW, Washington, DC 20500`: the
    ///   zip code's centroid (street-level precision needs an online geocoder);
    /// - a town, `Plano, TX`, `Plano TX` or `Plano`: the mean of its zip code centroids (without a
    ///   state, the town with the most zip codes of that name).
    ///
    /// - Throws: ``LocationError`` `.unknownAddress` when nothing matches, `.invalidCoordinate`
    ///   for coordinates out of range.
    public func resolve(_ query: String) throws(LocationError) -> Placemark {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            throw LocationError(.badRequest, operation: "geocode", subject: "\"\"", reason: "the query is empty")
        }
        if let coordinate = try Coordinate(parsing: text) {
            return Placemark(query: text, coordinate: coordinate, accuracy: .premise, name: coordinate.description)
        }
        if let zip = Self.zipCode(in: text, wholeText: true), let record = try zipCode(zip) {
            return placemark(text, record)
        }
        if let landmark = try landmark(text) {
            return landmark
        }
        if let zip = Self.zipCode(in: text, wholeText: false), let record = try zipCode(zip) {
            return placemark(text, record)
        }
        if let town = try town(text) {
            return town
        }
        throw LocationError(
            .unknownAddress, operation: "geocode", subject: "\"\(text)\"",
            reason: "the gazetteer knows no such zip code, landmark or town; give coordinates as LAT,LON")
    }

    /// A zip code's placemark.
    private func placemark(_ query: String, _ record: ZipCode) -> Placemark {
        Placemark(
            query: query, coordinate: record.coordinate, accuracy: .postalCode,
            name: "\(record.place), \(record.state) \(record.code)", postalCode: record.code)
    }

    /// The five digits of `12345` or `12345-6789` — the whole text, or its last word.
    static func zipCode(in text: String, wholeText: Bool) -> String? {
        let candidate: Substring
        if wholeText {
            candidate = Substring(text)
        } else {
            guard let last = text.split(whereSeparator: { $0 == " " || $0 == "," }).last else { return nil }
            candidate = last
        }
        let parts = candidate.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, first.count == 5, first.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        if parts.count == 2 && !(parts[1].count == 4 && parts[1].allSatisfy({ $0.isASCII && $0.isNumber })) {
            return nil
        }
        return parts.count <= 2 ? String(first) : nil
    }

    private func landmark(_ text: String) throws(LocationError) -> Placemark? {
        var name = text
        if name.lowercased().hasPrefix("the ") { name = String(name.dropFirst(4)) }
        let row = try read("look up landmark", subject: text) { db in
            try db.fetchOne(
                LandmarkRow.self, "SELECT name, latitude, longitude, zip, address FROM landmarks WHERE name = ?",
                name)
        }
        guard let row else { return nil }
        return Placemark(
            query: text, coordinate: Coordinate(latitude: row.latitude, longitude: row.longitude), accuracy: .premise,
            name: "\(row.name), \(row.address)", postalCode: row.zip)
    }

    /// `Plano, TX`, `Plano TX` or `Plano`.
    private func town(_ text: String) throws(LocationError) -> Placemark? {
        var place = text
        var state: String?
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
        if words.count >= 2, let last = words.last, last.count == 2, last.allSatisfy({ $0.isLetter }) {
            state = last.uppercased()
            place = String(text[..<last.startIndex]).trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
        }
        let row = try read("look up town", subject: text) { db -> TownRow? in
            if let state {
                return try db.fetchOne(
                    TownRow.self,
                    """
                    SELECT place, state, avg(latitude) AS latitude, avg(longitude) AS longitude, count(*) AS zips
                    FROM zipcodes WHERE place = ? COLLATE NOCASE AND state = ? GROUP BY place, state
                    """, place, state)
            }
            return try db.fetchOne(
                TownRow.self,
                """
                SELECT place, state, avg(latitude) AS latitude, avg(longitude) AS longitude, count(*) AS zips
                FROM zipcodes WHERE place = ? COLLATE NOCASE GROUP BY place, state ORDER BY zips DESC, state LIMIT 1
                """, place)
        }
        guard let row else { return nil }
        return Placemark(
            query: text, coordinate: Coordinate(latitude: row.latitude, longitude: row.longitude), accuracy: .town,
            name: "\(row.place), \(row.state)")
    }
}

private struct LandmarkRow: Decodable {
    var name: String
    var latitude: Double
    var longitude: Double
    var zip: String?
    var address: String
}

private struct TownRow: Decodable {
    var place: String
    var state: String
    var latitude: Double
    var longitude: Double
}
