extension Geodesic {
    /// Points along the geodesic, ``start`` and ``end`` included, evenly spaced at most
    /// `spacing` metres apart (fewer when `maximumCount` would be exceeded): what a map draws as
    /// the geodesic's line, since a straight line on a map is not the shortest path.
    ///
    /// Each point is on the geodesic, from Karney's direct problem (`geod_direct`) at a fraction
    /// of its length; longitudes are in -180…180, so a line crossing the antimeridian jumps.
    ///
    /// ```swift
    /// let line = jfk.geodesic(to: changi).waypoints(spacing: 100_000)  // about 155 points
    /// ```
    /// - Parameters:
    ///   - spacing: the largest distance in metres between neighbouring points (> 0).
    ///   - maximumCount: the most points returned (at least 2).
    /// - Complexity: O(*n*) in the number of points.
    public func waypoints(spacing: Double = 10_000, maximumCount: Int = 256) -> [Coordinate] {
        precondition(spacing > 0 && spacing.isFinite, "the spacing must be a positive number of metres")
        precondition(maximumCount >= 2, "a line needs at least its two ends")
        guard distance > 0 else { return [start, end] }
        let steps = Swift.min(Swift.max(Int((distance / spacing).rounded(.up)), 1), maximumCount - 1)
        var points = [start]
        points.reserveCapacity(steps + 1)
        for step in 1..<steps {
            points.append(start.destination(bearing: initialBearing, distance: distance * Double(step) / Double(steps)))
        }
        points.append(end)
        return points
    }
}
