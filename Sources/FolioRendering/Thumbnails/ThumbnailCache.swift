import FolioArchive
import FolioDocuments
import FolioFiles
import FolioSandbox
import Foundation

/// Thumbnails of the container's images and drawings, made once and kept in
/// `Library/Caches/Thumbnails/`.
///
/// An image's thumbnail is shrunk by libvips (``ImageThumbnailer``); a drawing's (`.dudeldoc`)
/// is drawn by ``DrawingRenderer``, the renderer of its PDF, at the thumbnail's size.
///
/// A thumbnail is cached under the image's path, its version — device, inode, size and
/// modification time to the nanosecond, taken from the open file the bytes are read from — and
/// the size asked for. A changed image has a new version, so its old thumbnails are never
/// served again; they are removed when the new one is made. The cache holds at most
/// ``maximumEntries`` thumbnails; beyond that the oldest are removed. Each cached file starts
/// with the full key it was made for, and a file whose key differs is ignored, so a collision
/// of the names' hashes can only cost a thumbnail, never show the wrong picture.
///
/// ```swift
/// let cache = ThumbnailCache(files: Files(container))
/// let png = try cache.thumbnail(of: SandboxPath(parsing: "Documents/cat.jpg"), size: 256)
/// ```
public struct ThumbnailCache: Sendable {
    /// The container's files.
    public let files: Files
    /// What makes thumbnails on a miss.
    public let thumbnailer: ImageThumbnailer
    /// The most thumbnails kept.
    public let maximumEntries: Int

    /// A cache over the container of `files`.
    public init(files: Files, thumbnailer: ImageThumbnailer = ImageThumbnailer(), maximumEntries: Int = 2000) {
        self.files = files
        self.thumbnailer = thumbnailer
        self.maximumEntries = max(1, maximumEntries)
    }

    /// The PNG thumbnail of the image at `path` whose longer side is `size` pixels: from the
    /// cache when the image is unchanged since it was made, else made now and cached.
    ///
    /// The image is read through the container (confined, no link out of the Home followed).
    /// - Throws: ``RenderingError``: what ``ImageThumbnailer/thumbnail(of:size:subject:)``
    ///   throws, or a file failure's code (`notFound`, `isDirectory`, …).
    /// - Complexity: a hit reads one small file; a miss decodes the image and, once the cache
    ///   is full, lists the cache's folder.
    public func thumbnail(of path: SandboxPath, size: Int) throws(RenderingError) -> Data {
        let operation = "thumbnail"
        let subject = path.description
        guard ImageThumbnailer.sizes.contains(size) else {
            return try thumbnailer.thumbnail(of: Data(), size: size, subject: subject)
        }
        do {
            // The version is of the open file, so it is the version of exactly the bytes read.
            let file = try files.open(path, mode: .reading)
            let version = try file.version()
            let key = "\(subject)\n\(version)\n\(size)\n"
            let image = ThumbnailCache.hash(subject)
            let versionHash = ThumbnailCache.hash(subject + "\n" + version.description)
            let entry = try ThumbnailCache.folder().appending("\(image)-\(versionHash)-\(size).png")
            if let cached = try cachedThumbnail(at: entry, key: key) {
                return cached
            }
            let bytes = try file.readToEnd(limit: thumbnailer.byteLimit)
            try file.close()
            let png = try makeThumbnail(of: bytes, at: path, size: size)
            try store(
                png, key: key, at: entry,
                staleIf: { $0.hasPrefix(image + "-") && !$0.hasPrefix(image + "-" + versionHash + "-") })
            return png
        } catch let error as RenderingError {
            throw error
        } catch let error as FileError where error.code == .tooLarge {
            throw RenderingError(
                .tooLarge, operation: operation, subject: subject,
                reason: "the file is larger than \(thumbnailer.byteLimit) bytes, the limit for a thumbnail",
                underlying: error)
        } catch let error as FileError {
            throw RenderingError(error, operation: operation, subject: subject)
        } catch {
            throw RenderingError(.corrupt, operation: operation, subject: subject, reason: "\(error)")
        }
    }

    /// A new thumbnail of the file at `path` whose contents are `bytes`: a drawing drawn, an image shrunk.
    private func makeThumbnail(of bytes: Data, at path: SandboxPath, size: Int) throws(RenderingError) -> Data {
        let subject = path.description
        let fileExtension = path.name.map { FileName.split($0).extension.lowercased() }
        guard fileExtension == DocumentKind.drawing.fileExtension else {
            return try thumbnailer.thumbnail(of: bytes, size: size, subject: subject)
        }
        let drawing: Drawing
        do {
            drawing = try Archiver().decode(Drawing.self, from: bytes, subject: subject)
        } catch {
            throw RenderingError(
                .corrupt, operation: "thumbnail", subject: subject, reason: error.reason, underlying: error)
        }
        return try DrawingRenderer().png(drawing, size: size, title: subject)
    }

    /// The thumbnail cached at `entry` if it was made for `key`.
    private func cachedThumbnail(at entry: SandboxPath, key: String) throws(FileError) -> Data? {
        let contents: Data
        do {
            contents = try files.contents(of: entry, limit: 16 << 20)
        } catch  where error.code == .notFound {
            return nil
        }
        let header = Data((ThumbnailCache.magic + key).utf8)
        guard contents.starts(with: header) else { return nil }
        return contents.dropFirst(header.count)
    }

    /// Writes a thumbnail into the cache (atomically), removes the cached thumbnails whose name
    /// `isStale` (older versions of the same image) and, when the cache is over its bound, the oldest.
    private func store(_ png: Data, key: String, at entry: SandboxPath, staleIf isStale: (String) -> Bool)
        throws(FileError)
    {
        let folder = try ThumbnailCache.folder()
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        try files.write(Data((ThumbnailCache.magic + key).utf8) + png, to: entry)
        var kept: [WalkEntry] = []
        for candidate in try files.contentsOfDirectory(folder) where candidate.name != entry.name {
            if isStale(candidate.name) {
                try removeIfPresent(candidate.name)
            } else {
                kept.append(candidate)
            }
        }
        guard kept.count + 1 > maximumEntries else { return }
        kept.sort { ($0.modificationTime?.date ?? .distantPast) < ($1.modificationTime?.date ?? .distantPast) }
        for candidate in kept.prefix(kept.count + 1 - maximumEntries) {
            try removeIfPresent(candidate.name)
        }
    }

    /// Removes one cached thumbnail; one already gone (another server evicting) is fine.
    private func removeIfPresent(_ name: String) throws(FileError) {
        do {
            try files.remove(try ThumbnailCache.folder().appending(name))
        } catch  where error.code == .notFound {
            return
        }
    }

    /// The folder of the cached thumbnails, `Library/Caches/Thumbnails`.
    public static func folder() throws(FileError) -> SandboxPath {
        try SandboxPath(.library, ["Caches", "Thumbnails"])
    }

    /// What every cached thumbnail starts with, before its key.
    private static let magic = "folio-thumbnail 1\n"

    /// A 64-bit FNV-1a hash of `text`, in hexadecimal: a short, stable file name.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
