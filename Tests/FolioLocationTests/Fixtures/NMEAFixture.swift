import Foundation

@testable import FolioLocation

/// One epoch of a receiver's output, for writing NMEA logs in tests.
struct NMEAEpoch {
    var coordinate: Coordinate?
    var time: LocationTime
    var dilution: Double? = 1.0
    var altitude: Double? = 20
    var speedKnots: Double? = 2.0
    var course: Double? = 90

    /// `$GPGGA` and `$GPRMC` sentences with checksums, CR LF terminated.
    var sentences: String {
        let (day, nanoseconds) = time.dayAndTimeOfDay
        let seconds = nanoseconds / 1_000_000_000
        let hundredths = nanoseconds % 1_000_000_000 / 10_000_000
        let clock = String(
            format: "%02d%02d%02d.%02d", Int(seconds / 3600), Int(seconds / 60 % 60), Int(seconds % 60), Int(hundredths)
        )
        let (year, month, dayOfMonth) = LocationTime.civil(fromDays: day)
        let dateText = String(format: "%02d%02d%02d", Int(dayOfMonth), Int(month), Int(year % 100))
        var position = ",,,"
        if let coordinate {
            position = Self.position(coordinate)
        }
        let quality = coordinate == nil ? 0 : 1
        let gga =
            "GPGGA,\(clock),\(position),\(quality),08,\(dilution.map { String(format: "%.1f", $0) } ?? ""),"
            + "\(altitude.map { String(format: "%.1f", $0) } ?? ""),M,-33.0,M,,"
        let rmc =
            "GPRMC,\(clock),\(coordinate == nil ? "V" : "A"),\(position),"
            + "\(speedKnots.map { String(format: "%.1f", $0) } ?? ""),\(course.map { String(format: "%.1f", $0) } ?? ""),"
            + "\(dateText),,,A"
        return NMEASentence.checksummed(gga) + "\r\n" + NMEASentence.checksummed(rmc) + "\r\n"
    }

    /// `ddmm.mmmm,N,dddmm.mmmm,W`.
    static func position(_ coordinate: Coordinate) -> String {
        func field(_ value: Double, degreeDigits: Int) -> String {
            let magnitude = abs(value)
            let degrees = Int(magnitude)
            let minutes = (magnitude - Double(degrees)) * 60
            return String(format: "%0\(degreeDigits)d%07.4f", degrees, minutes)
        }
        return "\(field(coordinate.latitude, degreeDigits: 2)),\(coordinate.latitude < 0 ? "S" : "N"),"
            + "\(field(coordinate.longitude, degreeDigits: 3)),\(coordinate.longitude < 0 ? "W" : "E")"
    }
}

/// Walks and logs used across the tests.
enum Walks {
    static let whiteHouse = Coordinate(latitude: 38.8977, longitude: -77.0365)
    static let pentagon = Coordinate(latitude: 38.8719, longitude: -77.0563)
    static let start = LocationTime(nanosecondsSince1970: 1_704_110_400_000_000_000)  // 2024-01-01T12:00:00Z

    /// `count` epochs one second apart, `step` metres apart along the bearing from the White
    /// House to the Pentagon, with the given dilutions (cycled).
    static func epochs(count: Int, step: Double, dilutions: [Double?] = [1.0]) -> [NMEAEpoch] {
        let bearing = whiteHouse.bearing(to: pentagon)
        return (0..<count).map { index in
            NMEAEpoch(
                coordinate: whiteHouse.destination(bearing: bearing, distance: Double(index) * step),
                time: start + .seconds(index), dilution: dilutions[index % dilutions.count])
        }
    }

    static func log(_ epochs: [NMEAEpoch]) -> String {
        epochs.map(\.sentences).joined()
    }
}
