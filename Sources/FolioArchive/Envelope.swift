import Foundation

/// The stored form of an archive: a dictionary with Folio's mark, the type's name and version,
/// and the value under `root`.
///
/// ```json
/// {"archiver": "Folio", "archiverVersion": 1, "type": "Person", "version": 2, "root": {…}}
/// ```
struct Envelope<Root: Encodable>: Encodable {
    var archiver = EnvelopeLayout.mark
    var archiverVersion = EnvelopeLayout.version
    var type: String
    var version: Int
    var root: Root
}

/// The constants of the envelope, and the decoders that read it.
enum EnvelopeLayout {
    /// The mark that says the file is a Folio archive.
    static let mark = "Folio"
    /// The version of the envelope itself.
    static let version = 1

    static func decoder(for format: ArchiveFormat) -> any TopLevelArchiveDecoder {
        switch format {
        case .binaryPropertyList: PropertyListDecoder()
        case .json: JSONDecoder()
        }
    }
}

/// The header fields of an archive, read without decoding the root.
struct EnvelopeHeader: Decodable {
    var archiver: String
    var archiverVersion: Int
    var type: String
    var version: Int
}

/// Just the root of an archive.
struct EnvelopeRoot<Root: Decodable>: Decodable {
    var root: Root
}

/// The decoders FolioArchive reads with.
protocol TopLevelArchiveDecoder {
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
}

extension PropertyListDecoder: TopLevelArchiveDecoder {}
extension JSONDecoder: TopLevelArchiveDecoder {}
