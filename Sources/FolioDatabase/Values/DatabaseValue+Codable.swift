import Foundation

extension DatabaseValue: Codable {
    private enum ObjectKeys: String, CodingKey {
        case base64
        case real
    }

    /// Decodes the forms of ``jsonText``: `null`, a whole number (`INTEGER`), another number
    /// (`REAL`), a string (`TEXT`), `{"base64": "…"}` (`BLOB`), and `{"real": …}` for a REAL given
    /// as a number (`{"real": 2}` is the REAL 2.0) or as `"Infinity"`, `"-Infinity"` or `"NaN"`.
    /// Read from a row, it is the column's value as stored.
    public init(from decoder: any Decoder) throws {
        // Each `try?` below asks whether the value has that form; the last form reports the error.
        if let object = try? decoder.container(keyedBy: ObjectKeys.self) {
            if object.contains(.base64) {
                let text = try object.decode(String.self, forKey: .base64)
                guard let data = Data(base64Encoded: text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .base64, in: object, debugDescription: "not Base64: \(text.prefix(40))")
                }
                self = .blob(data)
                return
            }
            if object.contains(.real) {
                if let number = try? object.decode(Double.self, forKey: .real) {
                    self = .real(number)
                    return
                }
                let text = try object.decode(String.self, forKey: .real)
                switch text {
                case "Infinity": self = .real(.infinity)
                case "-Infinity": self = .real(-.infinity)
                case "NaN": self = .real(.nan)
                default:
                    throw DecodingError.dataCorruptedError(
                        forKey: .real, in: object,
                        debugDescription:
                            "a real is a number, \"Infinity\", \"-Infinity\" or \"NaN\", not \(text.prefix(40))")
                }
                return
            }
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let real = try? container.decode(Double.self) {
            self = .real(real)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    /// Encodes `null`, a number, a string, `{"base64": "…"}` for a BLOB, and
    /// `{"real": "Infinity"}` (or `"-Infinity"`, `"NaN"`) for a REAL that no JSON number holds.
    /// Through `JSONEncoder` a whole REAL loses its fraction (`2.0` becomes `2`); ``jsonText``
    /// keeps it.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .blob(let data):
            var container = encoder.container(keyedBy: ObjectKeys.self)
            try container.encode(data.base64EncodedString(), forKey: .base64)
        case .real(let real) where !real.isFinite:
            var container = encoder.container(keyedBy: ObjectKeys.self)
            try container.encode(DatabaseValue.realText(real), forKey: .real)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .integer(let integer):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .real(let real):
            var container = encoder.singleValueContainer()
            try container.encode(real)
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }
}
