import Foundation

/// Turns a sequence of NMEA sentences into locations: the GGA and RMC sentences of one epoch
/// (same time of day) become one ``Location``. A pure value fed one sentence at a time.
///
/// - The position and time must be present; an epoch whose sentences say "no fix" yields a
///   `.noFix` failure, not a location.
/// - The date comes from RMC; GGA carries none, so a log of GGA alone needs `referenceDay`.
/// - Horizontal accuracy is HDOP × ``userRangeError``; an epoch without HDOP (RMC alone) is given
///   ``accuracyWithoutDilution``. Vertical accuracy, which GGA does not report, is taken as 1.5 ×
///   the horizontal (the usual ratio of vertical to horizontal dilution).
struct NMEAFixAssembler: Sendable {
    /// The metres of error per unit of dilution (a typical GPS user-equivalent range error).
    static let userRangeError = 5.0
    /// The accuracy of a fix that reports no dilution: the upper end of GPS accuracy.
    static let accuracyWithoutDilution = 40.0

    /// The day (days since 1970-01-01) of sentences before the first RMC gives one.
    var referenceDay: Int64?

    private var epoch: NMEASentence.TimeOfDay?
    /// Where the current epoch's first sentence was read (`drive.nmea, line 3`): what its errors name.
    private var epochSubject: String?
    private var fix: NMEASentence.Fix?
    private var minimum: NMEASentence.RecommendedMinimum?
    private var lastDay: Int64?
    private var lastTime: NMEASentence.TimeOfDay?

    init(referenceDay: Int64? = nil) {
        self.referenceDay = referenceDay
    }

    /// Adds a sentence; returns what the epochs it closes yielded (none, one, or two when it
    /// closes the previous epoch and completes its own).
    mutating func add(_ sentence: NMEASentence, subject: String) -> [LocationSourceEvent] {
        let time: NMEASentence.TimeOfDay?
        let repeatsKind: Bool
        switch sentence {
        case .fix(let value):
            time = value.time
            repeatsKind = fix != nil
        case .recommendedMinimum(let value):
            time = value.time
            repeatsKind = minimum != nil
        case .other:
            return []
        }
        var events: [LocationSourceEvent] = []
        if (fix != nil || minimum != nil) && (time != epoch || repeatsKind), let event = finish(subject: subject) {
            events.append(event)
        }
        if fix == nil && minimum == nil {
            epochSubject = subject
        }
        epoch = time
        switch sentence {
        case .fix(let value): fix = value
        case .recommendedMinimum(let value): minimum = value
        case .other: break
        }
        if fix != nil && minimum != nil, let event = finish(subject: subject) {
            events.append(event)
        }
        return events
    }

    /// Closes the current epoch (at the end of the log, or when a new one starts); a failure names
    /// where the epoch began, or `subject` when that is not known.
    mutating func finish(subject: String) -> LocationSourceEvent? {
        let subject = epochSubject ?? subject
        defer {
            fix = nil
            minimum = nil
            epoch = nil
            epochSubject = nil
        }
        guard fix != nil || minimum != nil else { return nil }
        func failure(_ code: LocationError.Code, _ reason: String) -> LocationSourceEvent {
            .failure(LocationError(code, operation: "read NMEA log", subject: subject, reason: reason))
        }
        if let day = minimum?.day { lastDay = day }
        guard let time = epoch else {
            return failure(.missingTime, "the receiver reported a position without a time")
        }
        let coordinate = fix?.coordinate ?? minimum?.coordinate
        guard let coordinate, minimum?.isValid ?? true, (fix?.quality ?? 1) > 0 else {
            return failure(.noFix, "the receiver has no position fix")
        }
        guard var day = minimum?.day ?? lastDay ?? referenceDay else {
            return failure(.missingTime, "GGA carries no date and no RMC sentence has given one yet")
        }
        if minimum?.day == nil, let lastTime,
            time.nanoseconds + LocationTime.nanosecondsPerDay / 2 < lastTime.nanoseconds
        {
            day += 1  // a GGA just after midnight, dated by the previous day's RMC
        }
        lastTime = time
        var accuracy = Self.accuracyWithoutDilution
        if let dilution = fix?.horizontalDilution {
            accuracy = dilution * Self.userRangeError
        }
        guard let timestamp = LocationTime(day: day, nanoseconds: time.nanoseconds) else {
            return failure(.malformed, "the date is beyond the years a time can hold")
        }
        var location = Location(coordinate: coordinate, horizontalAccuracy: accuracy, timestamp: timestamp)
        if let altitude = fix?.altitude {
            location.altitude = altitude
            location.verticalAccuracy = accuracy * 1.5
        }
        if let speed = minimum?.speed { location.speed = speed }
        if let course = minimum?.course { location.course = course }
        return .reading(location)
    }
}
