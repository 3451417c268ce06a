/// Everything a GPX file holds, read whole: its waypoints, routes and tracks (for small files
/// and tests; ``GPXReader`` streams).
public struct GPXContents: Sendable, Hashable {
    /// A route: its name and its points in order.
    public struct Route: Sendable, Hashable {
        public var name: String?
        public var points: [TrackPoint]
    }

    /// A track: its name and its segments, each its points in order.
    public struct Track: Sendable, Hashable {
        public var name: String?
        public var segments: [[TrackPoint]]
    }

    /// The waypoints, in order.
    public var waypoints: [TrackPoint] = []
    /// The routes, in order.
    public var routes: [Route] = []
    /// The tracks, in order.
    public var tracks: [Track] = []

    /// Reads all of `reader`.
    ///
    /// - Complexity: O(n) time and memory in the number of points.
    /// - Throws: what ``GPXReader/next()`` throws.
    public init(reading reader: GPXReader) throws(LocationError) {
        var inRoute = false
        while let item = try reader.next() {
            switch item {
            case .waypoint(let point): waypoints.append(point)
            case .route(let name):
                routes.append(Route(name: name, points: []))
                inRoute = true
            case .track(let name):
                tracks.append(Track(name: name, segments: []))
                inRoute = false
            case .segment:
                tracks[tracks.count - 1].segments.append([])
            case .point(let point):
                if inRoute {
                    routes[routes.count - 1].points.append(point)
                } else {
                    let last = tracks.count - 1
                    tracks[last].segments[tracks[last].segments.count - 1].append(point)
                }
            }
        }
    }
}
