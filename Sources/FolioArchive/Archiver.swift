import FolioCore
import Foundation

/// Archives `Codable` values to bytes and files and reads them back: the `NSKeyedArchiver` and
/// `NSKeyedUnarchiver` roles.
///
/// An archive is an envelope (Folio's mark, the value's type name and version) around the value,
/// written as a binary property list or as JSON. Reading checks the envelope before decoding, so
/// a file of another type, a file from a newer program, and a damaged file each get their own
/// clear error instead of a half-decoded value. Older versions are brought up to date by the
/// type's ``Archivable/migrate(from:)``. Writing to a file is atomic (see `Files.write`).
///
/// ```swift
/// let person = Person(firstName: "Anthony", lastName: "Robbins")
/// let path = try SandboxPath(parsing: "Documents/person.archive")
/// try Archiver().archive(person, to: path, in: files)
/// let back = try Archiver().unarchive(Person.self, from: path, in: files)
/// ```
public struct Archiver: Sendable {
    /// The format new archives are written in; reading accepts either.
    public var format: ArchiveFormat
    /// The largest archive read, in bytes, to keep memory bounded (256 MiB unless set).
    public var sizeLimit: Int

    /// An archiver that writes `format`.
    public init(format: ArchiveFormat = .binaryPropertyList, sizeLimit: Int = 256 << 20) {
        self.format = format
        self.sizeLimit = sizeLimit
    }

    /// The stored type name and version of `Value`: its ``Archivable`` answers, or its own name
    /// and version 1.
    public static func identity<Value>(of type: Value.Type) -> (typeName: String, version: Int) {
        if let archivable = type as? any Archivable.Type {
            return (archivable.archiveTypeName, archivable.archiveVersion)
        }
        return (String(describing: type), 1)
    }

    /// The archive of `value` in this archiver's ``format``.
    ///
    /// - Throws: ``ArchiveError`` `.unencodable` when the value cannot be encoded.
    public func encode<Value: Codable>(_ value: Value) throws(ArchiveError) -> Data {
        let (typeName, version) = Archiver.identity(of: Value.self)
        let envelope = Envelope(type: typeName, version: version, root: value)
        do {
            switch format {
            case .binaryPropertyList:
                let encoder = PropertyListEncoder()
                encoder.outputFormat = .binary
                return try encoder.encode(envelope)
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                return try encoder.encode(envelope) + Data("\n".utf8)
            }
        } catch {
            throw ArchiveError(
                .unencodable, operation: "archive", subject: typeName,
                reason: "the value cannot be encoded: \(CodingProblem.describe(error))")
        }
    }

    /// Reads a `Value` from archive bytes.
    ///
    /// - Parameter subject: what to name in errors (a path, or the type's name by default).
    /// - Throws: ``ArchiveError``: `.corrupt`, `.wrongType`, `.newerVersion`, `.migrationFailed`.
    public func decode<Value: Codable>(_ type: Value.Type, from data: Data, subject: String? = nil)
        throws(ArchiveError) -> Value
    {
        let (typeName, version) = Archiver.identity(of: Value.self)
        let subject = subject ?? typeName
        let header = try header(of: data, subject: subject)
        guard header.typeName == typeName else {
            throw ArchiveError(
                .wrongType, operation: "unarchive", subject: subject,
                reason: "it holds a \(header.typeName), not a \(typeName)")
        }
        guard header.version <= version else {
            throw ArchiveError(
                .newerVersion, operation: "unarchive", subject: subject,
                reason: "it holds version \(header.version) of \(typeName); this program reads up to version \(version)"
            )
        }
        let archived = ArchivedValue(
            typeName: header.typeName, version: header.version, format: header.format, data: data)
        if header.version == version {
            do {
                return try archived.decode(Value.self)
            } catch {
                throw ArchiveError(
                    .corrupt, operation: "unarchive", subject: subject,
                    reason: "its \(typeName) does not decode: \(CodingProblem.describe(error))")
            }
        }
        do {
            guard let archivable = Value.self as? any Archivable.Type,
                let migrated = try Archiver.migrate(archivable, from: archived) as? Value
            else {
                throw ArchiveError(
                    .migrationFailed, operation: "unarchive", subject: subject,
                    reason: "it holds version \(header.version) of \(typeName), and \(typeName) has no migration")
            }
            return migrated
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw ArchiveError(
                .migrationFailed, operation: "unarchive", subject: subject,
                reason: "version \(header.version) of \(typeName) could not be brought up to version \(version): "
                    + CodingProblem.describe(error))
        }
    }

    /// What the archive in `data` holds, without decoding the value.
    ///
    /// - Throws: ``ArchiveError`` `.corrupt` when `data` is not a Folio archive, `.newerVersion`
    ///   when a newer Folio wrote its envelope.
    public func header(of data: Data, subject: String = "data") throws(ArchiveError) -> ArchiveHeader {
        guard let format = ArchiveFormat.detect(data) else {
            throw ArchiveError(
                .corrupt, operation: "unarchive", subject: subject,
                reason: data.isEmpty ? "it is empty" : "it is neither a binary property list nor JSON")
        }
        let header: EnvelopeHeader
        do {
            header = try EnvelopeLayout.decoder(for: format).decode(EnvelopeHeader.self, from: data)
        } catch {
            throw ArchiveError(
                .corrupt, operation: "unarchive", subject: subject,
                reason: "it is not a Folio archive: \(CodingProblem.describe(error))")
        }
        guard header.archiver == EnvelopeLayout.mark else {
            throw ArchiveError(
                .corrupt, operation: "unarchive", subject: subject,
                reason: "it is not a Folio archive (archiver '\(header.archiver)')")
        }
        guard header.archiverVersion <= EnvelopeLayout.version else {
            throw ArchiveError(
                .newerVersion, operation: "unarchive", subject: subject,
                reason: "it was written by a newer Folio (archive layout \(header.archiverVersion))")
        }
        guard header.version >= 1 else {
            throw ArchiveError(
                .corrupt, operation: "unarchive", subject: subject,
                reason: "its version \(header.version) is not a version (they start at 1)")
        }
        return ArchiveHeader(typeName: header.type, version: header.version, format: format)
    }

    private static func migrate<Value: Archivable>(_ type: Value.Type, from archived: ArchivedValue) throws -> Value {
        try type.migrate(from: archived)
    }
}
