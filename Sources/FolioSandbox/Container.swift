import FolioSystem
import Glibc
import Synchronization

/// An application's private Home: `Documents/`, `Library/`, `tmp/` and the read-only bundle,
/// with every access confined to it.
///
/// Creating a `Container` creates the layout on first use (directories are private, 0700):
///
/// ```
/// <root>/Documents/
/// <root>/Library/Preferences/  Library/Caches/  Library/Database/  Library/Trash/
/// <root>/tmp/
/// ```
///
/// Opening a container also settles what writers that were killed left behind (see
/// ``recovery``): hidden temporary files and half-made trash items, never the work of a writer that
/// still runs.
///
/// The bundle (`Folio.app/`) is a directory of resources shipped with the program; it is read,
/// never written. All file access resolves a ``SandboxPath`` through directory descriptors
/// (`openat2` with `RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS`, or component by component with
/// `O_NOFOLLOW` on kernels without it), so `..` and symbolic links cannot lead outside.
///
/// ```swift
/// let container = try Container(root: Container.defaultRoot(), bundle: FolioResources.bundleDirectory)
/// ```
public final class Container: Sendable {
    /// The Home directory's absolute path, for display. File access never uses it as a string prefix.
    public let root: String
    /// The bundle directory's absolute path, for display.
    public let bundleDirectory: String

    /// The Home, opened once (`O_PATH | O_DIRECTORY`).
    package let rootDescriptor: FileDescriptor
    /// The bundle directory, opened once.
    package let bundleDescriptor: FileDescriptor
    /// How paths are resolved.
    package let resolution: Resolution
    /// This container's writer journal, made when the first temporary entry is.
    let journal = Mutex<WriterJournal?>(nil)
    private let recoveryReport = Mutex(RecoveryReport())

    /// What opening the container found and settled of interrupted writers' work.
    public var recovery: RecoveryReport {
        recoveryReport.withLock { $0 }
    }

    /// How a container resolves paths.
    package enum Resolution: Sendable {
        /// `openat2` with `RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS`: the kernel checks every step.
        case kernel
        /// One component at a time with `O_NOFOLLOW`, following links by reading them.
        case componentWise
    }

    /// The directories every container has, relative to the Home, in creation order.
    public static let layout: [String] = [
        "Documents",
        "Library",
        "Library/Preferences",
        "Library/Caches",
        "Library/Database",
        "Library/Trash",
        "tmp",
    ]

    /// Opens (and on first use creates) the container at `root`, and settles what interrupted
    /// writers left behind (``recovery``).
    ///
    /// - Parameters:
    ///   - root: the Home directory; relative paths are taken from the working directory.
    ///     Missing directories are created with mode 0700.
    ///   - bundle: the directory of resources shown read-only as `Folio.app/`.
    /// - Throws: ``FileError`` when the Home cannot be created or opened, or is not a directory.
    public convenience init(root: String, bundle: String) throws(FileError) {
        try self.init(
            root: root, bundle: bundle, resolution: FileDescriptor.kernelHasOpenat2 ? .kernel : .componentWise)
    }

    /// Opens the container with an explicit resolution strategy (tests use `.componentWise`).
    package init(root: String, bundle: String, resolution: Resolution) throws(FileError) {
        let rootPath = Container.absolute(root)
        let bundlePath = Container.absolute(bundle)
        self.root = rootPath
        self.bundleDirectory = bundlePath
        self.resolution = resolution
        do {
            try Container.makeDirectories(rootPath)
            rootDescriptor = try FileDescriptor.open(absolute: rootPath, flags: [.pathOnly, .directory])
        } catch {
            throw FileError(error, operation: "open container", subject: rootPath)
        }
        do {
            bundleDescriptor = try FileDescriptor.open(absolute: bundlePath, flags: [.pathOnly, .directory])
        } catch {
            throw FileError(error, operation: "open bundle", subject: bundlePath)
        }
        for directory in Container.layout {
            do {
                try rootDescriptor.makeDirectory(directory, mode: 0o700)
                try rootDescriptor.open(directory, flags: [.directory, .noFollow]).setPermissions(0o700)
            } catch  where error.errno == .fileExists {
                continue
            } catch {
                throw FileError(error, operation: "create container layout", subject: directory)
            }
        }
        let report = recoverInterruptedWrites()
        recoveryReport.withLock { $0 = report }
    }

    /// Where the container lives unless told otherwise: `$FOLIO_HOME`, else
    /// `$XDG_DATA_HOME/folio`, else `~/.local/share/folio`.
    public static func defaultRoot() -> String {
        if let home = environment("FOLIO_HOME"), !home.isEmpty {
            return home
        }
        if let data = environment("XDG_DATA_HOME"), data.hasPrefix("/") {
            return data + "/folio"
        }
        let user = environment("HOME") ?? "/tmp"
        return user + "/.local/share/folio"
    }

    /// The absolute path of `path`, for showing to a person (never for file access).
    public func displayPath(of path: SandboxPath) -> String {
        let base = path.area == .bundle ? bundleDirectory : root
        let relative = path.relativePath
        return relative.isEmpty ? base : base + "/" + relative
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    private static func absolute(_ path: String) -> String {
        var result = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                let cwd = String(decoding: bytes, as: UTF8.self)
                result = path == "." ? cwd : cwd + "/" + path
            }
        }
        while result.count > 1 && result.hasSuffix("/") {
            result.removeLast()
        }
        return result
    }

    /// `mkdir -p` for the Home itself, which lies outside any container.
    private static func makeDirectories(_ path: String) throws(SystemError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            let result = prefix.withCString { mkdir($0, 0o700) }
            if result != 0 && Errno.current != .fileExists {
                throw SystemError(Errno.current, call: "mkdir", path: prefix)
            }
        }
    }
}
