import FolioCore

/// An email address as SMTP carries it: `local@domain`, checked so that it can go into a header
/// and an SMTP command without changing either.
///
/// The check is deliberately narrow: one `@` with text on both sides, no more than 254 bytes, a
/// domain of dot-separated labels of letters, digits and hyphens (or an IPv4 literal in
/// brackets), and no space, control character (CR and LF above all), `<`, `>`, `,`, `;`, `"` or
/// `\` anywhere — so an address can never add a header, a recipient or a command.
///
/// ```swift
/// let to = try MailAddress("bob@example.com")
/// ```
public struct MailAddress: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The address, as given.
    public let address: String

    /// An address, checked.
    /// - Throws: ``MailError`` `.invalidAddress`, saying what is wrong with it.
    public init(_ text: String) throws(MailError) {
        func refuse(_ reason: String) -> MailError {
            MailError(
                .invalidAddress, operation: "address", subject: MailAddress.shown(text),
                reason: reason)
        }
        guard !text.isEmpty else { throw refuse("an address is not empty") }
        guard text.utf8.count <= 254 else { throw refuse("an address has at most 254 bytes") }
        if let bad = text.unicodeScalars.first(where: MailAddress.isForbidden) {
            throw refuse(
                bad.properties.generalCategory == .control || bad == " "
                    ? "an address has no spaces, line breaks or control characters"
                    : "an address has no \(bad)")
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty, !domain.isEmpty
        else {
            throw refuse("an address is NAME@DOMAIN, with one @")
        }
        guard local.utf8.count <= 64, !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."),
            !local.contains("["), !local.contains("]")
        else {
            throw refuse(
                "the part before the @ has at most 64 bytes, no brackets and no leading, trailing or double dot")
        }
        guard MailAddress.isDomain(String(domain)) else {
            throw refuse("\(MailAddress.shown(String(domain))) is not a domain name")
        }
        address = text
    }

    public var description: String { address }

    /// Decodes and checks an address.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(container.decode(String.self))
    }

    /// Encodes the address as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(address)
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.isWhitespace
            || "<>,;\"\\()".unicodeScalars.contains(scalar)
    }

    private static func isDomain(_ domain: String) -> Bool {
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let octets = domain.dropFirst().dropLast().split(separator: ".", omittingEmptySubsequences: false)
            return octets.count == 4 && octets.allSatisfy { UInt8($0) != nil }
        }
        guard domain.utf8.count <= 253 else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy {
                    $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-"
                }
        }
    }

    /// Text from outside made fit to show in a message.
    static func shown(_ text: String) -> String {
        UntrustedText.escaped(String(text.prefix(300)))
    }
}
