/// Percent-encoding of URL paths and query strings (RFC 3986 §2.1), done here rather than by
/// libmicrohttpd so that each path component is decoded on its own: `a%2Fb` is one component
/// holding a slash, not two components.
///
/// ```swift
/// PercentEncoding.decode("a%20b")             // "a b"
/// PercentEncoding.encodeComponent("a b/c")     // "a%20b%2Fc"
/// ```
public enum PercentEncoding {
    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`); nil for a malformed escape or
    /// a result that is not UTF-8.
    public static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
        guard text.utf8.contains(where: { $0 == 0x25 || (plusIsSpace && $0 == 0x2B) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case 0x25:
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case 0x2B where plusIsSpace:
                bytes.append(0x20)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Encodes everything but unreserved characters, for one path component.
    public static func encodeComponent(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
