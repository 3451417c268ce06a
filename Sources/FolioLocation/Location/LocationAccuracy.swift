/// The accuracy an application asks for (the chapter's `desiredAccuracy`): readings less
/// accurate than this are held back by a ``LocationManager``.
public struct LocationAccuracy: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The largest acceptable ``Location/horizontalAccuracy`` in metres; infinite for ``best``.
    public var meters: Double

    /// Asks for readings within `meters`.
    public init(meters: Double) {
        self.meters = meters
    }

    /// The best the source can do: every valid reading is delivered (the default).
    public static let best = LocationAccuracy(meters: .infinity)
    /// Within ten metres.
    public static let nearestTenMeters = LocationAccuracy(meters: 10)
    /// Within a hundred metres.
    public static let hundredMeters = LocationAccuracy(meters: 100)
    /// Within a kilometre.
    public static let kilometer = LocationAccuracy(meters: 1000)
    /// Within three kilometres.
    public static let threeKilometers = LocationAccuracy(meters: 3000)

    /// Parses `best`, `10m`, `100m`, `1km`, `3km`, or any distance such as `25m`.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument`.
    public init(parsing text: String) throws(LocationError) {
        if text.lowercased() == "best" {
            self = .best
            return
        }
        let distance = try Distance(parsing: text)
        guard distance.meters > 0 else {
            throw LocationError(
                .invalidArgument, operation: "read accuracy", subject: text,
                reason: "an accuracy is best or a distance greater than zero")
        }
        self.init(meters: distance.meters)
    }

    /// Whether `location` is as accurate as asked: a valid position within ``meters``.
    public func accepts(_ location: Location) -> Bool {
        location.hasValidPosition && location.horizontalAccuracy <= meters
    }

    /// `best` or `10 m`.
    public var description: String {
        meters.isInfinite ? "best" : Distance(meters: meters).description
    }
}
