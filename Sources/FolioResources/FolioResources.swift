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
        return besideExecutable ?? Bundle.module.bundleURL.appendingPathComponent("Folio.app").path
    }

    /// `Folio.app` in the resource bundle beside the running executable, found with one `readlink`
    /// and one `access`: where `Bundle.module` looks first, without building a `Bundle` (a tenth of
    /// a command's start). Nil when it is not there, and `Bundle.module` looks further.
    private static let besideExecutable: String? = {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { bytes -> Int in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return -1 }
            return readlink("/proc/self/exe", base, bytes.count - 1)
        }
        guard count > 0, let slash = buffer[..<count].lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let directory = String(decoding: buffer[..<slash], as: UTF8.self)
        let candidate = directory + "/Folio_FolioResources.resources/Folio.app"
        return access(candidate, F_OK) == 0 ? candidate : nil
    }()
}
