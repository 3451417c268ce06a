/// Octal permission bits given on the command line (`600`, `0o644`, `0755`).
enum PermissionsArgument {
    @Sendable static func parse(_ text: String) throws(UsageError) -> UInt32 {
        var digits = Substring(text)
        if digits.hasPrefix("0o") { digits = digits.dropFirst(2) }
        guard let value = UInt32(digits, radix: 8), value <= 0o7777 else {
            throw UsageError("'\(text)' is not a permission mode (octal, e.g. 600 or 0755)")
        }
        return value
    }
}
