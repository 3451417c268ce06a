import Glibc

/// The client an address stands for, when limits are counted per client.
///
/// Any local process may connect from any loopback address (`127.0.0.2` as easily as
/// `127.0.0.1`), so the whole loopback range — `127.0.0.0/8`, `::1` and their IPv4-mapped forms —
/// is one client. Another IPv4 address is a client of its own; an IPv6 address counts with its
/// `/64`, the range one host picks its addresses from.
public enum ClientNetwork {
    /// The key of the loopback range.
    public static let loopback = "loopback"

    /// The key that `address` (an IP literal, as the server reports a client) is counted under.
    public static func key(for address: String) -> String {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return key(ipv4: UInt32(bigEndian: v4.s_addr))
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return address }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 {
            return loopback
        }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            let mapped = bytes[12...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return key(ipv4: mapped)
        }
        let prefix = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return prefix.joined(separator: ":") + "::/64"
    }

    private static func key(ipv4 address: UInt32) -> String {
        guard address >> 24 != 127 else { return loopback }
        return [24, 16, 8, 0].map { String((address >> $0) & 0xFF) }.joined(separator: ".")
    }
}
