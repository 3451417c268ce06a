import FolioArchive

/// The seed's Person (first and last name), at version 2 of its stored form.
struct Person: Codable, Hashable, Archivable {
    static let archiveVersion = 2

    var firstName: String
    var lastName: String

    /// Version 1 stored one `name`; split it at the first space.
    static func migrate(from archive: ArchivedValue) throws -> Person {
        struct Version1: Decodable {
            var name: String
        }
        let old = try archive.decode(Version1.self)
        let parts = old.name.split(separator: " ", maxSplits: 1).map(String.init)
        return Person(firstName: parts.first ?? "", lastName: parts.count > 1 ? parts[1] : "")
    }
}

/// Person as version 1 wrote it.
struct PersonVersion1: Codable, Archivable {
    static let archiveTypeName = "Person"
    var name: String
}

/// Person as a future version 3 would write it.
struct PersonVersion3: Codable, Archivable {
    static let archiveTypeName = "Person"
    static let archiveVersion = 3
    var givenNames: [String]
    var familyName: String
}

/// A type whose old versions cannot be read.
struct Ledger: Codable, Archivable {
    static let archiveVersion = 2
    var total: Int

    struct Unreadable: Error {}

    static func migrate(from archive: ArchivedValue) throws -> Ledger {
        throw Unreadable()
    }
}

/// Another type altogether.
struct Address: Codable, Hashable {
    var street: String
}
