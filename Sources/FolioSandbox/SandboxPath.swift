/// A path inside a container: an ``Area`` and validated name components.
///
/// A `SandboxPath` cannot name anything outside the container: there is no absolute form, no
/// `..`, and every component follows the ``FileName`` rules. Parse user input with
/// ``init(parsing:)``:
///
/// ```swift
/// let path = try SandboxPath(parsing: "Documents/Notes/todo.txt")
/// path.area          // .documents
/// path.components    // ["Notes", "todo.txt"]
/// path.description   // "Documents/Notes/todo.txt"
/// ```
public struct SandboxPath: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The area the path starts in.
    public let area: Area
    /// The names below the area's directory; empty for the area itself.
    public let components: [String]
    /// Whether opening this path refuses every symbolic link on the way, even one that stays in
    /// the container (the last component included): see ``refusingSymbolicLinks()``.
    ///
    /// It is a property of how the path is resolved, not of what it names: paths that differ only
    /// in it are equal, and it is not encoded.
    public private(set) var refusesSymbolicLinks = false

    /// A path from an area and components, each checked against the naming rules.
    ///
    /// - Throws: ``FileError`` `.invalidName` for a bad component, `.invalidPath` when a
    ///   `.home` path's first component is an area's directory (use that area instead).
    public init(_ area: Area, _ components: [String] = []) throws(FileError) {
        for component in components {
            try FileName.validate(component, operation: "parse path")
        }
        if area == .home, let first = components.first, Area(directoryName: first) != nil {
            self.init(unchecked: Area(directoryName: first) ?? .home, Array(components.dropFirst()))
            return
        }
        self.init(unchecked: area, components)
    }

    init(unchecked area: Area, _ components: [String]) {
        self.area = area
        self.components = components
    }

    /// The Home itself.
    public static let home = SandboxPath(unchecked: .home, [])
    /// `Documents/`.
    public static let documents = SandboxPath(unchecked: .documents, [])
    /// `Library/`.
    public static let library = SandboxPath(unchecked: .library, [])
    /// `tmp/`.
    public static let tmp = SandboxPath(unchecked: .tmp, [])
    /// `Folio.app/`, the bundle.
    public static let bundle = SandboxPath(unchecked: .bundle, [])

    /// Parses a path relative to the Home, such as `Documents/a.txt`, `tmp/`, `Folio.app/file.txt`,
    /// `.` or the empty string (the Home).
    ///
    /// A trailing `/` is ignored. The error names the rule a path breaks: absolute paths, `..`,
    /// empty components (`a//b`), `.` inside a path, and names that break the ``FileName`` rules
    /// are refused.
    /// - Throws: ``FileError`` with `.invalidPath`, `.outsideContainer` or `.invalidName`.
    public init(parsing text: String) throws(FileError) {
        let subject = FileName.quoted(text)
        if text.hasPrefix("/") {
            throw FileError(
                .invalidPath, operation: "parse path", subject: subject,
                reason: "absolute paths are not allowed; paths are relative to the Home (e.g. Documents/a.txt)")
        }
        if text.hasPrefix("~") {
            throw FileError(
                .invalidPath, operation: "parse path", subject: subject,
                reason: "'~' is not expanded; paths are relative to the Home (e.g. Documents/a.txt)")
        }
        var body = Substring(text)
        while body.hasSuffix("/") { body.removeLast() }
        if body.isEmpty || body == "." {
            self = .home
            return
        }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part == ".." {
                throw FileError(
                    .outsideContainer, operation: "parse path", subject: subject,
                    reason: "'..' is not allowed: a path cannot climb out of where it starts")
            }
            if part.isEmpty {
                throw FileError(
                    .invalidPath, operation: "parse path", subject: subject,
                    reason: "a path cannot contain an empty component ('//')")
            }
            if part == "." {
                throw FileError(
                    .invalidPath, operation: "parse path", subject: subject,
                    reason: "'.' is not allowed inside a path")
            }
        }
        try self.init(.home, parts)
    }

    /// The last component, or nil for an area itself.
    public var name: String? { components.last }

    /// The path one level up, or nil for an area itself (the Home is not a parent of an area here).
    public var parent: SandboxPath? {
        guard !components.isEmpty else { return nil }
        var parent = SandboxPath(unchecked: area, Array(components.dropLast()))
        parent.refusesSymbolicLinks = refusesSymbolicLinks
        return parent
    }

    /// This path, resolved with no symbolic link followed anywhere on the way: the kernel refuses
    /// one in the same step that opens the path (`RESOLVE_NO_SYMLINKS`), so a folder swapped for a
    /// link after it was checked cannot redirect the operation. Its parent and the paths appended
    /// to it keep the rule.
    public func refusingSymbolicLinks() -> SandboxPath {
        var path = self
        path.refusesSymbolicLinks = true
        return path
    }

    /// Whether this is an area's directory itself (`Documents`, `tmp`, the Home).
    public var isAreaRoot: Bool { components.isEmpty }

    /// This path with `name` appended.
    ///
    /// - Throws: ``FileError`` `.invalidName` when `name` breaks the naming rules.
    public func appending(_ name: String) throws(FileError) -> SandboxPath {
        try appending(components: [name])
    }

    /// This path with several components appended.
    public func appending(components more: [String]) throws(FileError) -> SandboxPath {
        var path = try SandboxPath(area, components + more)
        path.refusesSymbolicLinks = refusesSymbolicLinks
        return path
    }

    /// Whether `other` is this path or lies beneath it.
    public func contains(_ other: SandboxPath) -> Bool {
        if area == .home {
            return true
        }
        return area == other.area && other.components.starts(with: components)
    }

    /// The path relative to the area's base directory, joined with `/` (empty for the area itself).
    ///
    /// For the bundle the base is the bundle directory; for every other area it is the Home, so
    /// `Documents/a.txt` gives `Documents/a.txt`.
    public var relativePath: String {
        var parts = components
        if area != .home && area != .bundle {
            parts.insert(area.directoryName, at: 0)
        }
        return parts.joined(separator: "/")
    }

    /// The path as a user writes it: `Documents/a.txt`, `Folio.app/file.txt`, or `.` for the Home.
    public var description: String {
        var parts = components
        if area != .home {
            parts.insert(area.directoryName, at: 0)
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    public static func == (lhs: SandboxPath, rhs: SandboxPath) -> Bool {
        lhs.area == rhs.area && lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(area)
        hasher.combine(components)
    }

    public static func < (lhs: SandboxPath, rhs: SandboxPath) -> Bool {
        lhs.description < rhs.description
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(parsing: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
