extension Drawing {
    /// A colour in sRGB with opacity, each component from 0 to 1.
    ///
    /// It is stored as `#RRGGBBAA` text, so an archive stays readable and exact to 8 bits.
    public struct Color: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The red component, 0…255.
        public var red: UInt8
        /// The green component, 0…255.
        public var green: UInt8
        /// The blue component, 0…255.
        public var blue: UInt8
        /// The opacity, 0 (transparent) … 255 (opaque).
        public var alpha: UInt8

        /// A colour from 8-bit components.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// A colour from `#RGB`, `#RRGGBB` or `#RRGGBBAA` text; nil for anything else.
        public init?(hex text: String) {
            guard text.hasPrefix("#") else { return nil }
            var digits = Array(text.dropFirst())
            if digits.count == 3 {
                digits = digits.flatMap { [$0, $0] }
            }
            if digits.count == 6 {
                digits += ["f", "f"]
            }
            guard digits.count == 8 else { return nil }
            var components: [UInt8] = []
            for index in stride(from: 0, to: 8, by: 2) {
                guard let value = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
                components.append(value)
            }
            self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        }

        /// Opaque black.
        public static let black = Color(red: 0, green: 0, blue: 0)
        /// Opaque white.
        public static let white = Color(red: 255, green: 255, blue: 255)

        /// The colour as `#RRGGBBAA`.
        public var description: String {
            "#" + [red, green, blue, alpha].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }

        /// Decodes `#RRGGBBAA` text.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let color = Color(hex: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a colour: \(text)")
            }
            self = color
        }

        /// Encodes the colour as `#RRGGBBAA` text.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }
}
