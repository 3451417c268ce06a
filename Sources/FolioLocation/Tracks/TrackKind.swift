/// What a stored track holds, as GPX tells them apart.
public enum TrackKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Movements as they were recorded (GPX `<trk>`), in one or more segments.
    case track
    /// A planned path (GPX `<rte>`): points in order, usually without times.
    case route
    /// Separate points of interest (GPX `<wpt>`): each point is a segment of its own, so no
    /// distance is counted between them.
    case waypoints

    public var description: String { rawValue }
}
