/// One of the top-level places of a container.
///
/// The Home holds `Documents/`, `Library/` and `tmp/` and shows the program's read-only bundle as
/// `Folio.app/`; a path names its area by its first component.
public enum Area: String, Sendable, Hashable, CaseIterable, Codable {
    /// The Home directory itself.
    case home
    /// `Documents/`: the user's documents.
    case documents
    /// `Library/`: preferences, caches, databases, the trash.
    case library
    /// `tmp/`: temporary files.
    case tmp
    /// `Folio.app/`: the read-only resources shipped with the program.
    case bundle

    /// The name of the area's directory in the Home (`""` for the Home itself).
    public var directoryName: String {
        switch self {
        case .home: ""
        case .documents: "Documents"
        case .library: "Library"
        case .tmp: "tmp"
        case .bundle: "Folio.app"
        }
    }

    /// Whether files in this area can be created, changed or removed.
    public var isWritable: Bool { self != .bundle }

    /// The area whose directory is called `name` in the Home, if any.
    public init?(directoryName name: String) {
        guard let area = Area.allCases.first(where: { $0 != .home && $0.directoryName == name }) else {
            return nil
        }
        self = area
    }
}
