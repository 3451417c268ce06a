import Foundation

/// What an archive holds, before it is decoded: its header and its root value in stored form.
///
/// A migration (``Archivable/migrate(from:)``) receives one and decodes the root as the type that
/// version used to be.
public struct ArchivedValue: Sendable {
    /// The stored type name.
    public let typeName: String
    /// The version of the stored form.
    public let version: Int
    /// The format the archive was written in.
    public let format: ArchiveFormat
    let data: Data

    /// Decodes the root value as `type`.
    ///
    /// - Throws: the decoder's `DecodingError` when the root is not a `type`.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try EnvelopeLayout.decoder(for: format).decode(EnvelopeRoot<Value>.self, from: data).root
    }
}
