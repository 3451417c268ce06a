/// Reading the fields of the sentence kinds Folio uses. Fields a receiver leaves off the end read
/// as empty, as gpsd reads them; a field that is there must be what its kind says.
extension NMEASentence {
    /// A sentence's comma-separated fields, the address first; a field past the end is empty.
    struct Fields {
        let values: [String]

        init(_ values: [String]) {
            self.values = values
        }

        var count: Int { values.count }

        subscript(index: Int) -> String {
            index < values.count ? values[index] : ""
        }

        /// Refuses a sentence too short to hold the fields its kind needs.
        func require(_ count: Int, _ kind: String) throws(FieldError) {
            guard values.count >= count else {
                throw FieldError(
                    code: .malformed, reason: "\(kind) has \(values.count - 1) fields; it needs at least \(count - 1)")
            }
        }
    }

    /// A field that cannot be read; the caller adds the sentence.
    struct FieldError: Error {
        var code: LocationError.Code
        var reason: String
    }

    /// `GGA,hhmmss.ss,lat,N,lon,W,quality,satellites,hdop,altitude,M,…`.
    static func fix(_ fields: Fields) throws(FieldError) -> Fix {
        try fields.require(10, "GGA")
        let quality = try integer(fields[6], "fix quality") ?? 0
        let satellites = try integer(fields[7], "satellites")
        var coordinate = try position(fields[2], fields[3], fields[4], fields[5])
        if quality == 0 || (satellites ?? 0) < 3 { coordinate = nil }
        return Fix(
            time: try timeOfDay(fields[1]), coordinate: coordinate, quality: quality, satellites: satellites,
            horizontalDilution: try number(fields[8], "HDOP"), altitude: try number(fields[9], "altitude"))
    }

    /// `RMC,hhmmss.ss,status,lat,N,lon,W,knots,course,ddmmyy,variation,E,mode,…`.
    static func recommendedMinimum(_ fields: Fields) throws(FieldError) -> RecommendedMinimum {
        try fields.require(10, "RMC")
        let status = fields[2]
        guard status.count <= 1 else {
            throw FieldError(
                code: .malformed, reason: "status '\(LocationError.quoted(status, limit: 10))' is not a letter")
        }
        let isValid = (status == "A" || status == "D") && fields[12] != "N"
        let coordinate = try position(fields[3], fields[4], fields[5], fields[6])
        return RecommendedMinimum(
            time: try timeOfDay(fields[1]), day: try date(fields[9]), isValid: isValid,
            coordinate: isValid ? coordinate : nil, speed: try number(fields[7], "speed").map { $0 * 1852 / 3600 },
            course: try number(fields[8], "course"))
    }

    /// `GLL,lat,N,lon,W,hhmmss.ss,status,mode`.
    static func geographicPosition(_ fields: Fields) throws(FieldError) -> GeographicPosition {
        try fields.require(5, "GLL")
        let coordinate = try position(fields[1], fields[2], fields[3], fields[4])
        let isValid = fields[6] == "A" && fields[7] != "N"
        return GeographicPosition(time: try timeOfDay(fields[5]), coordinate: isValid ? coordinate : nil)
    }

    /// `GNS,hhmmss.ss,lat,N,lon,W,modes,satellites,hdop,altitude,separation,age,station,status`.
    static func gnssFix(_ fields: Fields) throws(FieldError) -> GNSSFix {
        try fields.require(7, "GNS")
        let modes = fields[6]
        guard modes.unicodeScalars.allSatisfy({ (0x41...0x5A).contains($0.value) }) else {
            throw FieldError(
                code: .malformed, reason: "modes '\(LocationError.quoted(modes, limit: 10))' are not capital letters")
        }
        let coordinate = try position(fields[2], fields[3], fields[4], fields[5])
        let isValid = !modes.isEmpty && !modes.hasPrefix("N") && fields[13] != "U" && fields[13] != "V"
        return GNSSFix(
            time: try timeOfDay(fields[1]), coordinate: isValid ? coordinate : nil, modes: modes,
            satellites: try integer(fields[7], "satellites"), horizontalDilution: try number(fields[8], "HDOP"),
            altitude: try number(fields[9], "altitude"))
    }

    /// `ZDA,hhmmss.ss,dd,mm,yyyy,zone hours,zone minutes`.
    static func timeAndDate(_ fields: Fields) throws(FieldError) -> TimeAndDate {
        try fields.require(5, "ZDA")
        let time = try timeOfDay(fields[1])
        guard !fields[2].isEmpty, !fields[3].isEmpty, !fields[4].isEmpty else {
            return TimeAndDate(time: time, day: nil)
        }
        guard let day = try integer(fields[2], "day"), let month = try integer(fields[3], "month"),
            let year = try integer(fields[4], "year"), (1900...2200).contains(year), (1...12).contains(month),
            (1...LocationTime.daysIn(month: Int64(month), year: Int64(year))).contains(Int64(day))
        else {
            throw FieldError(code: .malformed, reason: "date \(fields[2])-\(fields[3])-\(fields[4]) is out of range")
        }
        return TimeAndDate(
            time: time, day: LocationTime.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    // MARK: - Fields

    /// `ddmm.mmmm,N,dddmm.mmmm,W`; nil when any field is empty.
    static func position(_ latitude: String, _ north: String, _ longitude: String, _ east: String)
        throws(FieldError) -> Coordinate?
    {
        guard !latitude.isEmpty, !north.isEmpty, !longitude.isEmpty, !east.isEmpty else { return nil }
        guard north == "N" || north == "S" else {
            throw FieldError(code: .malformed, reason: "latitude hemisphere '\(north.prefix(4))' is neither N nor S")
        }
        guard east == "E" || east == "W" else {
            throw FieldError(code: .malformed, reason: "longitude hemisphere '\(east.prefix(4))' is neither E nor W")
        }
        let lat = try degrees(latitude, "latitude") * (north == "S" ? -1 : 1)
        let lon = try degrees(longitude, "longitude") * (east == "W" ? -1 : 1)
        guard abs(lat) <= 90 else {
            throw FieldError(code: .invalidCoordinate, reason: "latitude \(latitude) is beyond 90 degrees")
        }
        guard abs(lon) <= 180 else {
            throw FieldError(code: .invalidCoordinate, reason: "longitude \(longitude) is beyond 180 degrees")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// `ddmm.mmmm` or `dddmm.mmmm` (any number of degree digits) to decimal degrees.
    static func degrees(_ text: String, _ name: String) throws(FieldError) -> Double {
        let bytes = Array(text.utf8)
        let point = bytes.firstIndex(of: 0x2E) ?? bytes.count
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        guard point >= 3, point <= 5, bytes[..<point].allSatisfy(isDigit),
            bytes[min(point + 1, bytes.count)...].allSatisfy(isDigit),
            let minutes = Double(String(decoding: bytes[(point - 2)...], as: UTF8.self)),
            let degrees = Double(String(decoding: bytes[..<(point - 2)], as: UTF8.self))
        else {
            throw FieldError(
                code: .malformed,
                reason: "\(name) '\(LocationError.quoted(text, limit: 20))' is not degrees and minutes")
        }
        guard minutes < 60 else {
            throw FieldError(code: .invalidCoordinate, reason: "\(name) '\(text)' has \(minutes) minutes")
        }
        return degrees + minutes / 60
    }

    /// `hhmmss`, `hhmmss.s…`, exactly; nil when empty.
    static func timeOfDay(_ text: String) throws(FieldError) -> TimeOfDay? {
        guard !text.isEmpty else { return nil }
        let digits = Array(text.utf8)
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        guard digits.count >= 6, digits[0..<6].allSatisfy(isDigit),
            digits.count == 6 || (digits[6] == 0x2E && digits[7...].allSatisfy(isDigit))
        else {
            throw FieldError(
                code: .malformed, reason: "time '\(LocationError.quoted(text, limit: 20))' is not hhmmss.ss")
        }
        func pair(_ index: Int) -> Int64 { Int64(digits[index] - 0x30) * 10 + Int64(digits[index + 1] - 0x30) }
        let hours = pair(0)
        let minutes = pair(2)
        let seconds = pair(4)
        guard hours < 24, minutes < 60, seconds < 61 else {
            throw FieldError(code: .malformed, reason: "time '\(text)' is out of range")
        }
        let fraction = digits.count > 7 ? LocationTime.nanoseconds(ofFraction: digits[7...]) ?? 0 : 0
        return TimeOfDay(
            nanoseconds: (hours * 3600 + minutes * 60 + seconds) * LocationTime.nanosecondsPerSecond + fraction)
    }

    /// `ddmmyy` to days since 1970-01-01 (years 80–99 are 19xx, 00–79 are 20xx); nil when empty.
    static func date(_ text: String) throws(FieldError) -> Int64? {
        guard !text.isEmpty else { return nil }
        guard text.count == 6, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(text) else {
            throw FieldError(code: .malformed, reason: "date '\(LocationError.quoted(text, limit: 20))' is not ddmmyy")
        }
        let day = value / 10_000
        let month = value / 100 % 100
        let year = value % 100 < 80 ? 2000 + value % 100 : 1900 + value % 100
        guard (1...12).contains(month), (1...LocationTime.daysIn(month: month, year: year)).contains(day) else {
            throw FieldError(code: .malformed, reason: "date '\(text)' is out of range")
        }
        return LocationTime.daysFromCivil(year: year, month: month, day: day)
    }

    static func number(_ text: String, _ name: String) throws(FieldError) -> Double? {
        guard !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw FieldError(
                code: .malformed, reason: "\(name) '\(LocationError.quoted(text, limit: 20))' is not a number")
        }
        return value
    }

    static func integer(_ text: String, _ name: String) throws(FieldError) -> Int? {
        guard !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw FieldError(
                code: .malformed, reason: "\(name) '\(LocationError.quoted(text, limit: 20))' is not a whole number")
        }
        return value
    }
}
