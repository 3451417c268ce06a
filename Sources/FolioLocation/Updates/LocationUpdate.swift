/// What a ``LocationManager`` delivers: a new location, or a failure to determine one.
public enum LocationUpdate: Sendable, Hashable {
    /// A location that passed the desired accuracy and the distance filter, with the one
    /// delivered before it (nil for the first).
    case location(Location, previous: Location?)
    /// A failure the source reported (the chapter's `didFailWithError:`); updates go on unless
    /// the source has ended.
    case failure(LocationError)
    /// Input the source skipped as of no use (see ``LocationSourceEvent/skipped(_:)``), for a
    /// program that shows what was left out; delegates are not told.
    case skipped(SkippedInput)

    /// The location, if this is one.
    public var location: Location? {
        if case .location(let location, _) = self { return location }
        return nil
    }

    /// The failure, if this is one.
    public var failure: LocationError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
