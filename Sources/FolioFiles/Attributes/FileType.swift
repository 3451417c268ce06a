import FolioSystem

/// The type of a file system object (the `NSFileType` values).
public enum FileType: String, Sendable, Hashable, Codable, CaseIterable {
    case regular
    case directory
    case symbolicLink
    case characterSpecial
    case blockSpecial
    case fifo
    case socket
    case unknown

    init(_ kind: FileKind) {
        switch kind {
        case .regular: self = .regular
        case .directory: self = .directory
        case .symbolicLink: self = .symbolicLink
        case .characterDevice: self = .characterSpecial
        case .blockDevice: self = .blockSpecial
        case .fifo: self = .fifo
        case .socket: self = .socket
        case .unknown: self = .unknown
        }
    }

    /// The letter `ls -l` shows for this type: `-`, `d`, `l`, `c`, `b`, `p`, `s`, `?`.
    public var letter: Character {
        switch self {
        case .regular: "-"
        case .directory: "d"
        case .symbolicLink: "l"
        case .characterSpecial: "c"
        case .blockSpecial: "b"
        case .fifo: "p"
        case .socket: "s"
        case .unknown: "?"
        }
    }
}
