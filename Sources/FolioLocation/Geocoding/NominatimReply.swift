import FolioCore
import Foundation

/// The reply of a Nominatim-compatible service to `/search?format=jsonv2&limit=1`, read as a
/// pure value: a JSON array of places, each with `lat` and `lon` (decimal strings, or numbers),
/// a `display_name`, and in `jsonv2` a `place_rank` and an `addresstype`.
///
/// Whatever the bytes, the answer is a placemark or a ``LocationError``: an empty array is
/// `.unknownAddress`; an error object (`{"error": …}`) is `.serverError` with its message; a
/// reply that is too large, not JSON, or has a position that is not a number in range is
/// `.badReply`. Nothing is ever made up.
public enum NominatimReply {
    /// The largest reply read (a `limit=1` answer is well under a kilobyte).
    public static let maximumSize = 1 << 20

    /// Reads `data`, the body of the reply to `query`.
    ///
    /// - Throws: ``LocationError`` as the type's discussion says.
    /// - Complexity: O(*n*) in the size of `data`.
    public static func placemark(from data: Data, query: String) throws(LocationError) -> Placemark {
        let subject = "\"\(LocationError.quoted(query, limit: 80))\""
        func bad(_ reason: String) -> LocationError {
            LocationError(.badReply, operation: "geocode", subject: subject, reason: reason)
        }
        guard data.count <= maximumSize else {
            throw bad("the service's reply is larger than \(maximumSize / 1024) KiB (\(data.count) bytes)")
        }
        let decoder = FolioJSON.decoder()
        let places: [Place]
        do {
            places = try decoder.decode([Place].self, from: data)
        } catch let error as LocationError {
            throw LocationError(error.code, operation: "geocode", subject: subject, reason: error.reason)
        } catch {
            if let failure = try? decoder.decode(Failure.self, from: data) {
                throw LocationError(
                    .serverError, operation: "geocode", subject: subject,
                    reason: "the service answered an error: \(LocationError.quoted(failure.message, limit: 200))")
            }
            throw bad("the service's reply is not a JSON array of places (\(CodingProblem.describe(error)))")
        }
        guard let place = places.first else {
            throw LocationError(
                .unknownAddress, operation: "geocode", subject: subject, reason: "the service found no such place")
        }
        guard (-180...180).contains(place.longitude) else {
            throw bad("the service's longitude \(place.longitude) is outside -180…180")
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(validatingLatitude: place.latitude, longitude: place.longitude)
        } catch {
            throw bad("the service's position \(place.latitude),\(place.longitude) is out of range")
        }
        let name = place.displayName.map { LocationError.quoted($0, limit: 300) } ?? coordinate.description
        return Placemark(
            query: query, coordinate: coordinate, accuracy: accuracy(rank: place.rank, type: place.addressType),
            name: name, postalCode: place.postcode)
    }

    /// How precise a place of Nominatim's `place_rank` (its address rank, 4 a country … 30 a
    /// house) and `addresstype` is.
    static func accuracy(rank: Int?, type: String?) -> GeocodeAccuracy {
        if type == "postcode" { return .postalCode }
        guard let rank else { return .unknown }
        switch rank {
        case 30...: return type == "building" || type == "house" ? .premise : .address
        case 26...29: return .street
        case 13...25: return .town
        case 9...12: return .subRegion
        case 5...8: return .region
        case 1...4: return .country
        default: return .unknown
        }
    }

    /// One place of the reply.
    struct Place: Decodable {
        var latitude: Double
        var longitude: Double
        var displayName: String?
        var rank: Int?
        var addressType: String?
        var postcode: String? = nil

        private enum CodingKeys: String, CodingKey {
            case lat, lon
            case displayName = "display_name"
            case rank = "place_rank"
            case addressType = "addresstype"
            case address
        }

        private enum AddressKeys: String, CodingKey {
            case postcode
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try Self.degrees(container, .lat)
            longitude = try Self.degrees(container, .lon)
            displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
            rank = try container.decodeIfPresent(Int.self, forKey: .rank)
            addressType = try container.decodeIfPresent(String.self, forKey: .addressType)
            if container.contains(.address), try !container.decodeNil(forKey: .address) {
                let address = try container.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
                postcode = try address.decodeIfPresent(String.self, forKey: .postcode)
            }
        }

        /// A latitude or longitude written as a decimal string (Nominatim's way) or a number;
        /// "NaN", "inf", "1e999" and anything else that is not a finite number are refused.
        private static func degrees(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Double
        {
            // A number is a number; a string must be a plain decimal (Double("NaN") would read).
            if let number = try? container.decode(Double.self, forKey: key), number.isFinite {
                return number
            }
            let text = try container.decode(String.self, forKey: key)
            let isDecimal = text.range(of: #"^-?[0-9]{1,3}(\.[0-9]{1,20})?$"#, options: .regularExpression) != nil
            guard isDecimal, let value = Double(text), value.isFinite else {
                throw LocationError(
                    .badReply, operation: "geocode", subject: key.rawValue,
                    reason:
                        "the service's \(key.rawValue) \"\(LocationError.quoted(text, limit: 40))\" is not a number of degrees"
                )
            }
            return value
        }
    }

    /// Nominatim's error reply: `{"error": {"code": 400, "message": "…"}}` or `{"error": "…"}`.
    struct Failure: Decodable {
        var message: String

        private enum CodingKeys: String, CodingKey { case error }
        private enum DetailKeys: String, CodingKey { case message }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? container.decode(String.self, forKey: .error) {
                message = text
            } else {
                let detail = try container.nestedContainer(keyedBy: DetailKeys.self, forKey: .error)
                message = try detail.decode(String.self, forKey: .message)
            }
        }
    }
}
