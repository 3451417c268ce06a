import FolioCore

/// The naming rules shared by the library, the command line and the web app.
///
/// A name is refused when it is empty, `.` or `..`, contains `/`, NUL or a control character, is
/// longer than 255 bytes in UTF-8, or begins or ends with a space. The error names the rule.
public enum FileName {
    /// The longest name Linux filesystems store, in UTF-8 bytes.
    public static let maximumByteCount = 255

    /// Checks `name` against the rules.
    ///
    /// - Parameters:
    ///   - name: a single file name, not a path.
    ///   - operation: the operation to name in the error (e.g. `"rename"`).
    /// - Throws: ``FileError`` with code `.invalidName` and a reason that names the broken rule.
    public static func validate(_ name: String, operation: String = "validate name") throws(FileError) {
        if let rule = brokenRule(name) {
            throw FileError(.invalidName, operation: operation, subject: quoted(name), reason: rule)
        }
    }

    /// Whether `name` follows every rule.
    ///
    /// - Complexity: one pass over the name's UTF-8 bytes, without allocating; a listing of a
    ///   hundred thousand names checks them all.
    public static func isValid(_ name: String) -> Bool {
        isValid(utf8: name.utf8)
    }

    /// Whether the name whose UTF-8 bytes are `bytes` follows every rule: the rule of
    /// ``isValid(_:)`` for a listing that reads names as bytes and makes a `String` only of those
    /// it keeps.
    ///
    /// - Complexity: one pass over the bytes, without allocating.
    @inlinable
    public static func isValid<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> Bool {
        guard let first = bytes.first, bytes.count <= maximumByteCount, first != 0x20 else { return false }
        var previous: UInt8 = 0
        var dots = 0
        var count = 0
        for byte in bytes {
            // C0 controls and NUL, '/', DEL, and C1 controls (U+0080…U+009F are C2 80…C2 9F).
            if byte < 0x20 || byte == 0x2F || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) {
                return false
            }
            if byte == 0x2E { dots += 1 }
            previous = byte
            count += 1
        }
        // `previous` is the last byte; "." and ".." are the names made of one or two dots only.
        return previous != 0x20 && !(dots == count && count <= 2)
    }

    /// The first rule `name` breaks, as a sentence, or nil when it follows them all.
    public static func brokenRule(_ name: String) -> String? {
        if name.isEmpty {
            return "a name cannot be empty"
        }
        if name == "." || name == ".." {
            return "'\(name)' is not allowed as a name"
        }
        if name.utf8.contains(0x2F) {
            return "a name cannot contain '/'"
        }
        if name.utf8.contains(0) {
            return "a name cannot contain a NUL character"
        }
        if name.unicodeScalars.contains(where: isControl) {
            return "a name cannot contain control characters"
        }
        if name.utf8.count > maximumByteCount {
            return "a name cannot be longer than \(maximumByteCount) bytes (this one has \(name.utf8.count))"
        }
        if name.first == " " || name.last == " " {
            return "a name cannot begin or end with a space"
        }
        return nil
    }

    /// Splits `name` into its stem and extension: `"a.b.txt"` → `("a.b", "txt")`; a leading dot
    /// does not start an extension (`".profile"` → `(".profile", "")`).
    public static func split(_ name: String) -> (stem: String, extension: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return (name, "")
        }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// A name shown in an error: quoted, with control characters escaped (``UntrustedText``) so it
    /// cannot disturb a terminal.
    public static func quoted(_ name: String) -> String {
        "'" + UntrustedText.escaped(name) + "'"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
