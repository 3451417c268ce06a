import Foundation

/// The resources shipped with Folio: the directory a container shows read-only as `Folio.app/`.
public enum FolioResources {
    /// The absolute path of Folio's bundle directory.
    ///
    /// It is looked up in this order: `$FOLIO_BUNDLE`, then `Folio.app` in the resource bundle that
    /// SwiftPM places beside the executable.
    public static var bundleDirectory: String {
        if let override = ProcessInfo.processInfo.environment["FOLIO_BUNDLE"], !override.isEmpty {
            return override
        }
        return Bundle.module.bundleURL.appendingPathComponent("Folio.app").path
    }
}
