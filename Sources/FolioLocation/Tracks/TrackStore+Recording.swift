extension TrackStore {
    /// What a recording produced.
    public struct Recording: Sendable {
        /// The track, or nil when no movement arrived (it is then not created).
        public var track: Track?
        /// The failures the source reported meanwhile, in order.
        public var failures: [LocationError]
        /// What the source skipped as of no use meanwhile (comments, sentences without positions).
        public var skipped = SkippedInput.Tally()
    }

    /// Records the movements `manager` delivers into a new track named `name`, until the manager
    /// stops: after its ``LocationManager/maximumUpdates``, at the end of its source, or when
    /// ``LocationManager/stopUpdatingLocation()`` is called (on Ctrl-C, say). Each movement is
    /// committed as it arrives, so stopping loses nothing.
    ///
    /// The manager is started here; configure its accuracy, distance filter and count first.
    /// - Parameter onMovement: called after each movement is stored, with it and its number.
    /// - Throws: ``LocationError`` `.alreadyExists` when the name is taken (checked before
    ///   starting), and storage failures (which stop the manager).
    public func record(
        from manager: LocationManager,
        into name: String,
        onMovement: @Sendable (Location, Int) -> Void = { _, _ in }
    ) async throws(LocationError) -> Recording {
        try Self.validate(name)
        let taken = try read("record track", subject: name) { db in
            try db.fetchValue(Int.self, "SELECT count(*) FROM tracks WHERE name = ?", name) ?? 0
        }
        guard taken == 0 else {
            throw LocationError(
                .alreadyExists, operation: "record track", subject: name, reason: "a track of that name already exists")
        }
        let updates = manager.updates()
        manager.startUpdatingLocation()
        var recording = Recording(track: nil, failures: [])
        var count = 0
        for await update in updates {
            switch update {
            case .location(let location, _):
                do throws(LocationError) {
                    let track: Track
                    if let existing = recording.track {
                        track = existing
                    } else {
                        track = try createTrack(named: name, source: manager.source.name)
                    }
                    try append(location, to: track)
                    recording.track = track
                    count += 1
                    onMovement(location, count)
                } catch {
                    manager.stopUpdatingLocation()
                    throw error
                }
            case .failure(let error):
                recording.failures.append(error)
            case .skipped(let input):
                recording.skipped.add(input)
            }
        }
        if let track = recording.track {
            recording.track = try self.track(named: track.name)
        }
        return recording
    }
}
