/// Turns a sequence of NMEA sentences into locations, as gpsd does: the sentences of one epoch
/// (one time of day) become one ``Location``. A pure value fed one sentence at a time.
///
/// - Positions come from GGA, RMC, GLL and GNS; each says whether it is a fix by its own rules
///   (``NMEASentence``). An epoch is a location when one of its sentences gives a fix; the last
///   such position of the epoch is the one reported (a receiver that computes the sentences of a
///   second one after the other puts its latest position last, which is what gpsd reports).
/// - Times are the sentences' own. GGA, GLL and GNS carry no date: it comes from RMC (when valid,
///   as gpsd trusts it) or ZDA, in the same epoch or before, moving on a day when the time of day
///   goes back by more than twelve hours (midnight). A position before any date is a
///   `.missingTime` failure unless `referenceDay` gives one.
/// - An epoch whose sentences all say "no fix" yields a `.noFix` failure.
/// - Horizontal accuracy is HDOP × ``userRangeError``; an epoch without HDOP (RMC alone) is given
///   ``accuracyWithoutDilution``. Vertical accuracy, which NMEA does not report, is taken as 1.5 ×
///   the horizontal (the usual ratio of vertical to horizontal dilution).
struct NMEAFixAssembler: Sendable {
    /// The metres of error per unit of dilution (a typical GPS user-equivalent range error).
    static let userRangeError = 5.0
    /// The accuracy of a fix that reports no dilution: the upper end of GPS accuracy.
    static let accuracyWithoutDilution = 40.0

    /// The day (days since 1970-01-01) in force: the last date a sentence gave, else the
    /// reference day the log was given.
    private var day: Int64?
    /// The time of day of the last sentence with one, to notice midnight.
    private var lastTime: NMEASentence.TimeOfDay?
    private var epoch: Epoch?

    /// What the sentences of one time of day said.
    private struct Epoch {
        var time: NMEASentence.TimeOfDay
        /// Where its first sentence was read (`drive.nmea, line 3`): what its errors name.
        var subject: String
        var day: Int64?
        var coordinate: Coordinate?
        var dilution: Double?
        var altitude: Double?
        var speed: Double?
        var course: Double?
    }

    init(referenceDay: Int64? = nil) {
        day = referenceDay
    }

    /// Adds a sentence; returns what the epoch it closes yielded, if it closes one.
    mutating func add(_ sentence: NMEASentence, subject: String) -> [LocationSourceEvent] {
        if case .timeAndDate(let value) = sentence {
            guard let date = value.day else { return [] }
            day = date
            if let time = value.time {
                lastTime = time
                if epoch?.time == time { epoch?.day = date }
            }
            return []
        }
        let coordinate: Coordinate?
        switch sentence {
        case .fix(let value): coordinate = value.coordinate
        case .recommendedMinimum(let value): coordinate = value.coordinate
        case .geographicPosition(let value): coordinate = value.coordinate
        case .gnssFix(let value): coordinate = value.coordinate
        case .timeAndDate, .other, .proprietary: return []
        }
        guard let time = sentence.time else {
            guard coordinate != nil else { return [] }
            return [
                .failure(
                    LocationError(
                        .missingTime, operation: "read NMEA log", subject: subject,
                        reason: "the receiver reported a position without a time"))
            ]
        }
        var events: [LocationSourceEvent] = []
        if let open = epoch, open.time != time, let event = Self.finish(open) {
            events.append(event)
            epoch = nil
        }
        if epoch == nil {
            if let last = lastTime, let known = day,
                time.nanoseconds + LocationTime.nanosecondsPerDay / 2 < last.nanoseconds
            {
                day = known + 1  // past midnight since the last date
            }
            epoch = Epoch(time: time, subject: subject, day: day)
        }
        lastTime = time
        guard var current = epoch else { return events }
        switch sentence {
        case .fix(let value):
            if value.coordinate != nil {
                current.dilution = value.horizontalDilution ?? current.dilution
                current.altitude = value.altitude ?? current.altitude
            }
        case .gnssFix(let value):
            if value.coordinate != nil {
                current.dilution = value.horizontalDilution ?? current.dilution
                current.altitude = value.altitude ?? current.altitude
            }
        case .recommendedMinimum(let value):
            if value.isValid, let date = value.day {
                day = date
                current.day = date
            }
            if value.coordinate != nil {
                current.speed = value.speed ?? current.speed
                current.course = value.course ?? current.course
            }
        case .geographicPosition, .timeAndDate, .other, .proprietary: break
        }
        if let coordinate { current.coordinate = coordinate }
        epoch = current
        return events
    }

    /// Closes the epoch in progress (at the end of the log).
    mutating func finish() -> LocationSourceEvent? {
        defer { epoch = nil }
        return epoch.flatMap(Self.finish)
    }

    private static func finish(_ epoch: Epoch) -> LocationSourceEvent? {
        func failure(_ code: LocationError.Code, _ reason: String) -> LocationSourceEvent {
            .failure(LocationError(code, operation: "read NMEA log", subject: epoch.subject, reason: reason))
        }
        guard let coordinate = epoch.coordinate else {
            return failure(.noFix, "the receiver has no position fix at \(epoch.time)")
        }
        guard let day = epoch.day else {
            return failure(
                .missingTime, "the receiver gave a position at \(epoch.time) but no date yet (RMC or ZDA give it)")
        }
        guard let timestamp = LocationTime(day: day, nanoseconds: epoch.time.nanoseconds) else {
            return failure(.malformed, "the date is beyond the years a time can hold")
        }
        var accuracy = Self.accuracyWithoutDilution
        if let dilution = epoch.dilution {
            accuracy = dilution * Self.userRangeError
        }
        var location = Location(coordinate: coordinate, horizontalAccuracy: accuracy, timestamp: timestamp)
        if let altitude = epoch.altitude {
            location.altitude = altitude
            location.verticalAccuracy = accuracy * 1.5
        }
        if let speed = epoch.speed { location.speed = speed }
        if let course = epoch.course { location.course = course }
        return .reading(location)
    }
}
