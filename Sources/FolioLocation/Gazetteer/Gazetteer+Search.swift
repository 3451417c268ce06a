import FolioDatabase

extension Gazetteer {
    /// Every zip code whose centroid lies within `radius` metres of `center`, nearest first.
    ///
    /// - Parameter usesPrefilter: first narrow the rows to a bounding box an index answers (the
    ///   default); without it, the geodesic distance is computed for every zip code.
    /// - Complexity: with the prefilter, O(log n + k) index steps and k distances for the k zip
    ///   codes in the box; without it, n distances.
    /// - Throws: ``LocationError`` `.invalidArgument` for a negative radius or invalid centre.
    public func zipCodes(within radius: Double, of center: Coordinate, usesPrefilter: Bool = true)
        throws(LocationError) -> [ZipCodeMatch]
    {
        guard radius >= 0, radius.isFinite, center.isValid else {
            throw LocationError(
                .invalidArgument, operation: "search zip codes", subject: "\(center) within \(radius) m",
                reason: "the radius must be a distance of zero or more around a valid coordinate")
        }
        var filter = "1"
        var arguments: [DatabaseValue] = [.real(center.latitude), .real(center.longitude)]
        if usesPrefilter {
            let box = BoundingBox(center: center, radius: radius)
            filter =
                "latitude BETWEEN ? AND ? AND ("
                + box.longitudes.map { _ in "longitude BETWEEN ? AND ?" }.joined(separator: " OR ") + ")"
            arguments += [.real(box.latitudes.lowerBound), .real(box.latitudes.upperBound)]
            for range in box.longitudes {
                arguments += [.real(range.lowerBound), .real(range.upperBound)]
            }
        }
        arguments.append(.real(radius))
        // The WHERE clause computes each candidate's distance once; SQLite computes it again only
        // for the rows that match, to return it.
        let sql = """
            SELECT \(ZipCodeRow.columns), distance(?, ?, latitude, longitude) AS distance
            FROM zipcodes WHERE \(filter) AND distance <= ? ORDER BY distance, zip
            """
        return try read("search zip codes", subject: "\(center) within \(Distance(meters: radius))") { db in
            try db.fetchAll(MatchRow.self, sql, arguments: StatementArguments(arguments)).map(\.match)
        }
    }

    /// The zip code whose centroid is nearest `coordinate`.
    ///
    /// - Throws: ``LocationError`` `.notFound` when the gazetteer is empty.
    public func nearest(to coordinate: Coordinate) throws(LocationError) -> ZipCodeMatch {
        var radius = 5_000.0
        while radius < 20_100_000 {
            if let nearest = try zipCodes(within: radius, of: coordinate).first {
                return nearest
            }
            radius *= 4
        }
        guard let nearest = try zipCodes(within: 20_100_000, of: coordinate, usesPrefilter: false).first else {
            throw LocationError(
                .notFound, operation: "reverse geocode", subject: coordinate.description,
                reason: "the gazetteer has no zip codes")
        }
        return nearest
    }

    /// The distance beyond which a zip code is not near a point: the default of
    /// ``nearest(to:within:)``.
    public static let nearbyRadius = Distance(50, .kilometers)

    /// The zip code nearest to `coordinate` when one is within `radius`. A point farther from
    /// every zip code (Paris, the open sea) has nothing near, rather than a "nearest" thousands
    /// of kilometres away.
    ///
    /// - Throws: ``LocationError`` `.notFound` naming the radius and how far the nearest is.
    public func nearest(to coordinate: Coordinate, within radius: Distance) throws(LocationError) -> ZipCodeMatch {
        if let nearest = try zipCodes(within: radius.meters, of: coordinate).first {
            return nearest
        }
        var reason = "no zip code is within \(radius)"
        if let farther = try? nearest(to: coordinate) {
            let record = farther.zipCode
            reason += "; the nearest, \(record.code) \(record.place), \(record.state), is "
            reason += "\(Distance(meters: farther.distance)) away"
        }
        throw LocationError(.notFound, operation: "reverse geocode", subject: coordinate.description, reason: reason)
    }
}

/// A zip code row with its distance.
private struct MatchRow: Decodable {
    var match: ZipCodeMatch

    private enum CodingKeys: String, CodingKey {
        case distance
    }

    init(from decoder: any Decoder) throws {
        let zipCode = try ZipCodeRow(from: decoder).zipCode
        let distance = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .distance)
        match = ZipCodeMatch(zipCode: zipCode, distance: distance)
    }
}
