import FolioFiles
import FolioSandbox
import Synchronization

/// Finds the picture a cell's image names: the chapter puts an image (`0.png`, `1.png`, …) beside
/// each row, and a table's image column may name pictures in the Home or in the bundle.
///
/// A name is looked up, in this order:
/// 1. as a container path when it starts with an area (`Documents/people/homer.png`,
///    `Folio.app/Samples/0-0.png`);
/// 2. beside the table file (`people/homer.png` next to `Documents/simpsons.csv`);
/// 3. in the bundle's `Folio.app/Samples/`.
///
/// Only a regular file with a picture's extension (PNG, JPEG, GIF, WebP) is found; a name that
/// climbs out (`../x.png`), breaks the naming rules or names nothing is not, and its cell keeps its
/// symbol. Every path stays confined to the container. Answers are remembered per name, so a table
/// of a million rows that name the same few pictures costs a few lookups.
///
/// ```swift
/// let locator = CellImageLocator(files: files, table: try SandboxPath(parsing: "Documents/simpsons.csv"))
/// locator.path(of: CellImage(named: "0-0.png"))  // Documents/0-0.png, if it is there
/// ```
public final class CellImageLocator: Sendable {
    /// The extensions of the pictures a cell can show.
    public static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp"]
    /// The most names remembered; past it, the memory starts again.
    static let memoryLimit = 4096

    private let files: Files
    private let folder: SandboxPath?
    private let remembered = Mutex<[String: SandboxPath?]>([:])

    /// A locator for the images of the table in the file at `table`.
    public init(files: Files, table: SandboxPath) {
        self.files = files
        self.folder = table.parent
    }

    /// The picture `image` names, or nil when there is none (see the rules above).
    public func path(of image: CellImage) -> SandboxPath? {
        if let known = remembered.withLock({ $0[image.name] }) {
            return known
        }
        let found = look(for: image.name)
        remembered.withLock { memory in
            if memory.count >= CellImageLocator.memoryLimit { memory.removeAll() }
            memory[image.name] = found
        }
        return found
    }

    private func look(for name: String) -> SandboxPath? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last, let dot = last.lastIndex(of: "."),
            CellImageLocator.extensions.contains(last[last.index(after: dot)...].lowercased())
        else { return nil }
        // A name that breaks the naming rules or climbs out makes no candidate: it names no picture.
        let candidates: [SandboxPath?]
        if let first = parts.first, Area(directoryName: first) != nil {
            candidates = [try? SandboxPath(parsing: name)]
        } else {
            candidates = [
                try? folder?.appending(components: parts),
                try? SandboxPath(.bundle, ["Samples"] + parts),
            ]
        }
        return candidates.compactMap { $0 }.first { candidate in
            // Only a picture that is there; a path that is refused or missing is no picture.
            (try? files.attributes(of: candidate, followSymbolicLinks: true))?.type == .regular
        }
    }
}
