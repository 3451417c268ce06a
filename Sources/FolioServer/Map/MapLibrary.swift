import FolioHTTP
import Foundation

/// Leaflet, the interactive map's library, as Debian's `libjs-leaflet` installs it: found on the
/// machine when the app starts and served from there (never from a CDN, never copied into Folio).
///
/// `FOLIO_LEAFLET_DIR` names another directory with the same layout (`leaflet.esm.js`,
/// `leaflet.css`, `images/`); without the library the Tracks page keeps its static map and says why.
public struct MapLibrary: Sendable {
    /// Where Debian's package puts Leaflet.
    public static let debianDirectory = "/usr/share/javascript/leaflet"
    /// The environment variable naming another directory.
    public static let environmentVariable = "FOLIO_LEAFLET_DIR"
    /// The script the page imports: Leaflet as an ECMAScript module.
    static let moduleName = "leaflet.esm.js"

    /// The directory the files are read from.
    public let directory: String

    /// The library in `directory` (whether or not it is there).
    public init(directory: String) {
        self.directory = directory
    }

    /// The library this machine has: `FOLIO_LEAFLET_DIR` when set, else Debian's.
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> MapLibrary {
        MapLibrary(directory: environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 } ?? debianDirectory)
    }

    /// Whether the library's module is there.
    public var isAvailable: Bool {
        FileManager.default.isReadableFile(atPath: directory + "/" + Self.moduleName)
    }

    /// The bytes of `name` (`leaflet.esm.js`, `leaflet.css`, or `images/NAME.png`).
    ///
    /// - Throws: `HTTPError` 404 for any other name, and for a missing library with the reason
    ///   and the package to install.
    func file(_ name: String) throws(HTTPError) -> Data {
        let allowed =
            name == Self.moduleName || name == "leaflet.css"
            || name.range(of: #"^images/[a-z0-9-]+\.png$"#, options: .regularExpression) != nil
        guard allowed else { throw HTTPError.notFound("/vendor/leaflet/\(name)") }
        guard isAvailable else {
            throw HTTPError(
                .notFound, code: "mapLibraryMissing",
                message: "the interactive map needs Leaflet, which is not installed (\(directory)/\(Self.moduleName) "
                    + "is missing): install the Debian package libjs-leaflet (Scripts/setup does)")
        }
        guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
            throw HTTPError.notFound("/vendor/leaflet/\(name)")
        }
        return data
    }
}
