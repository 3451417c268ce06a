import FolioCore
import FolioSystem

extension Container {
    /// The path a symbolic link at `path` leads to, followed through up to 40 links, or `path`
    /// itself when it is not a link (or does not exist).
    ///
    /// A relative target is taken from the link's directory, `..` included; the result must be a
    /// container path, so an absolute target or one that climbs above the Home is refused. Writes
    /// use this to write through a link to its target inside the container instead of replacing
    /// the link with a file.
    /// - Throws: ``FileError`` `.outsideContainer` for a target outside, or a resolution error.
    public func resolvingSymbolicLinks(_ path: SandboxPath, operation: String) throws(FileError) -> SandboxPath {
        var current = path
        for _ in 0..<40 {
            guard let parent = current.parent, let name = current.name else { return current }
            let directory = try open(parent, flags: [.pathOnly, .directory], operation: operation)
            let target: String
            do {
                guard try directory.status(of: name).kind == .symbolicLink else { return current }
                target = try directory.readSymbolicLink(name)
            } catch  where error.errno == .noSuchFile {
                return current
            } catch {
                throw FileError(error, operation: operation, subject: current.description)
            }
            current = try Container.join(parent, target, link: current, operation: operation)
        }
        throw FileError(
            .outsideContainer, operation: operation, subject: path.description,
            reason: "too many symbolic links in a row")
    }

    /// `target` taken relative to `directory`, as a container path.
    private static func join(_ directory: SandboxPath, _ target: String, link: SandboxPath, operation: String)
        throws(FileError) -> SandboxPath
    {
        let outside = FileError(
            .outsideContainer, operation: operation, subject: link.description,
            reason: "the symbolic link leads outside the container (\(UntrustedText.escaped(target)))")
        if target.hasPrefix("/") || directory.area == .bundle && target.hasPrefix("..") {
            throw outside
        }
        // Work from the Home so `..` can leave one area for another (Documents/../Library/x).
        var components =
            directory.area == .home || directory.area == .bundle
            ? directory.components : [directory.area.directoryName] + directory.components
        for part in target.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if components.isEmpty { throw outside }
                components.removeLast()
            default: components.append(String(part))
            }
        }
        if directory.area == .bundle {
            return try SandboxPath(.bundle, components)
        }
        let resolved = try SandboxPath(.home, components)
        if resolved.area == .bundle {
            throw outside  // Folio.app is not a directory of the Home on disk.
        }
        return resolved
    }
}
