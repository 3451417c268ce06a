import FolioArchive
import FolioFiles
import FolioSandbox
import Foundation

/// The first and last names of the library in name order, kept in `Library/Caches/` so that the
/// first pages of a large library do not need a directory read while nothing changes.
///
/// Reading a directory of a hundred thousand entries costs the kernel alone some 40 ms on ext4;
/// with this cache, a first page costs reading one small file and describing fifty documents. The
/// cache is valid only for the directory state it was made from: its stamp is the `Documents/`
/// directory's device, inode, size, modification and status-change times, which change whenever
/// an entry is created, removed or renamed — by Folio or anyone else. A cache is written only when
/// the directory did not change while it was read, and not within a second of its last change
/// (where a timestamp could fail to tell two changes apart). It holds at most ``capacity`` names
/// each way, so its size does not grow with the library; deeper pages read the directory.
struct NameOrderCache: Codable, Hashable, Archivable {
    // Version 2 lists folders too: a cache of documents only is not read as one.
    static let archiveTypeName = "DocumentNameOrderCache2"

    /// The file's name in `Library/Caches/`.
    static let fileName = "documents-by-name.plist"

    /// How many names are kept each way: twenty pages of fifty.
    static let capacity = 1000

    /// The directory state the names were read from.
    var stamp: String
    /// How many documents there were.
    var total: Int
    /// The first names, A to Z.
    var ascending: [String]
    /// The last names, Z to A.
    var descending: [String]
}

/// What the cache's validity is checked against: the state of `Documents/`.
struct DirectoryStamp: Hashable {
    /// The identity and change times, as text.
    var text: String
    /// When the directory last changed.
    var modificationDate: Date

    init(_ attributes: FileAttributes) {
        text = "\(attributes.version)-\(attributes.statusChangeDate.timeIntervalSince1970.bitPattern)"
        modificationDate = attributes.modificationDate
    }

    /// Whether a cache made now could miss a change made in the same timestamp granule as the
    /// last one: the directory changed less than a second ago (by the system's clock).
    var isRecent: Bool {
        Date().timeIntervalSince(modificationDate) < 1
    }
}

extension DocumentLibrary {
    /// `Library/Caches/documents-by-name.plist`.
    static let nameOrderCachePath = fixedPath("Library/Caches/" + NameOrderCache.fileName)

    /// The state of `Documents/` now.
    func documentsStamp() throws(DocumentError) -> DirectoryStamp {
        try DocumentError.translating("list", subject: "Documents") {
            DirectoryStamp(try files.basicAttributes(of: .documents))
        }
    }

    /// The cache, when there is one for `stamp`.
    func nameOrderCache(for stamp: DirectoryStamp) -> NameOrderCache? {
        do {
            let cache = try Archiver().unarchive(
                NameOrderCache.self, from: DocumentLibrary.nameOrderCachePath, in: files)
            return cache.stamp == stamp.text ? cache : nil
        } catch {
            // Missing, damaged or from another version: the directory is read instead.
            return nil
        }
    }

    /// Keeps `cache` for the next listings, unless the directory changed since `stamp` was taken
    /// or changed too recently to tell.
    func storeNameOrderCache(_ cache: NameOrderCache, readFrom stamp: DirectoryStamp) {
        // A directory that cannot be described now cannot be vouched for: no cache.
        guard !stamp.isRecent, let now = try? documentsStamp(), now == stamp else { return }
        do {
            try Archiver().archive(cache, to: DocumentLibrary.nameOrderCachePath, in: files)
        } catch {
            // A cache that cannot be written costs the next listing a directory read, nothing more.
        }
    }
}
