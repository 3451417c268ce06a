import FolioDatabase

extension Database {
    /// Registers `distance(lat1, lon1, lat2, lon2)` on this connection: the geodesic distance in
    /// metres on the WGS84 ellipsoid between two points given in degrees, computed in Swift with
    /// PROJ's `geod_inverse` (the chapter's distance formula inside the database engine).
    ///
    /// ```swift
    /// try db.createDistanceFunction()
    /// let near = try db.fetchValues(String.self, """
    ///     SELECT zip FROM zipcodes WHERE distance(latitude, longitude, ?, ?) <= 16093.44
    ///     """, 38.8977, -77.0365)
    /// ```
    /// A NULL argument gives NULL; an argument that is not a number is an SQL error.
    /// - Throws: ``DatabaseError`` when SQLite refuses the registration.
    public func createDistanceFunction(named name: String = "distance") throws(DatabaseError) {
        try createFunction(name, argumentCount: 4, isDeterministic: true) { arguments -> Double? in
            guard let latitude1 = try arguments.value(at: 0, as: Double?.self),
                let longitude1 = try arguments.value(at: 1, as: Double?.self),
                let latitude2 = try arguments.value(at: 2, as: Double?.self),
                let longitude2 = try arguments.value(at: 3, as: Double?.self)
            else { return nil }
            return Geodesics.distance(latitude1, longitude1, latitude2, longitude2)
        }
    }
}
