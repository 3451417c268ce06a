import FolioArchive
import Foundation
import Testing

@Suite struct ArchiverTests {
    static let person = Person(firstName: "Anthony", lastName: "Robbins")

    @Test(arguments: ArchiveFormat.allCases)
    func personRoundTrips(_ format: ArchiveFormat) throws {
        let archiver = Archiver(format: format)
        let data = try archiver.encode(Self.person)
        #expect(ArchiveFormat.detect(data) == format)
        #expect(try archiver.decode(Person.self, from: data) == Self.person)
        let header = try archiver.header(of: data)
        #expect(header == ArchiveHeader(typeName: "Person", version: 2, format: format))
    }

    @Test func readsEitherFormatWhateverItWrites() throws {
        let json = try Archiver(format: .json).encode(Self.person)
        #expect(try Archiver(format: .binaryPropertyList).decode(Person.self, from: json) == Self.person)
        #expect(String(decoding: json, as: UTF8.self).contains("\"firstName\" : \"Anthony\""))
    }

    @Test func archivesAnyCodableValueUnderItsTypeName() throws {
        let data = try Archiver().encode(Address(street: "1 Infinite Loop"))
        #expect(try Archiver().header(of: data).typeName == "Address")
        #expect(try Archiver().header(of: data).version == 1)
        #expect(try Archiver().decode(Address.self, from: data).street == "1 Infinite Loop")
        let list = try Archiver(format: .json).encode([1, 2, 3])
        #expect(try Archiver().decode([Int].self, from: list) == [1, 2, 3])
    }

    struct CorruptCase: Sendable, CustomStringConvertible {
        var description: String
        var bytes: [UInt8]
        var reason: String
    }

    static let corruptCases: [CorruptCase] = [
        CorruptCase(description: "empty", bytes: [], reason: "empty"),
        CorruptCase(description: "text", bytes: Array("Anthony Robbins".utf8), reason: "neither"),
        CorruptCase(description: "other JSON", bytes: Array("{\"a\": 1}".utf8), reason: "not a Folio archive"),
        CorruptCase(
            description: "another archiver",
            bytes: Array(#"{"archiver":"X","archiverVersion":1,"type":"Person","version":2,"root":{}}"#.utf8),
            reason: "archiver 'X'"),
        CorruptCase(
            description: "root of the wrong shape",
            bytes: Array(
                #"{"archiver":"Folio","archiverVersion":1,"type":"Person","version":2,"root":{"firstName":"A"}}"#
                    .utf8),
            reason: "key 'lastName' is missing at root"),
        CorruptCase(
            description: "version 0",
            bytes: Array(#"{"archiver":"Folio","archiverVersion":1,"type":"Person","version":0,"root":{}}"#.utf8),
            reason: "not a version"),
    ]

    @Test(arguments: corruptCases)
    func refusesCorruptArchives(_ testCase: CorruptCase) throws {
        let error = try #require(throws: ArchiveError.self) {
            try Archiver().decode(Person.self, from: Data(testCase.bytes))
        }
        #expect(error.code == .corrupt)
        #expect(error.reason.contains(testCase.reason), "\(error)")
    }

    @Test func refusesATruncatedBinaryArchive() throws {
        let data = try Archiver().encode(Self.person)
        for length in [8, data.count / 2, data.count - 1] {
            let error = try #require(throws: ArchiveError.self) {
                try Archiver().decode(Person.self, from: data.prefix(length))
            }
            #expect(error.code == .corrupt)
        }
    }

    @Test func refusesAnArchiveOfAnotherType() throws {
        let data = try Archiver().encode(Self.person)
        let error = try #require(throws: ArchiveError.self) { try Archiver().decode(Address.self, from: data) }
        #expect(error.code == .wrongType)
        #expect(error.description == "unarchive failed for Address: it holds a Person, not a Address (wrongType)")
    }

    @Test func refusesAnArchiveFromANewerVersion() throws {
        let data = try Archiver().encode(PersonVersion3(givenNames: ["Anthony", "J."], familyName: "Robbins"))
        let error = try #require(throws: ArchiveError.self) { try Archiver().decode(Person.self, from: data) }
        #expect(error.code == .newerVersion)
        #expect(error.reason == "it holds version 3 of Person; this program reads up to version 2")
    }

    @Test func refusesAnArchiveFromANewerFolio() throws {
        let data = Data(#"{"archiver":"Folio","archiverVersion":2,"type":"Person","version":2,"root":{}}"#.utf8)
        let error = try #require(throws: ArchiveError.self) { try Archiver().decode(Person.self, from: data) }
        #expect(error.code == .newerVersion)
        #expect(error.reason.contains("newer Folio"))
    }

    @Test(arguments: ArchiveFormat.allCases)
    func migratesAnOlderVersion(_ format: ArchiveFormat) throws {
        let old = try Archiver(format: format).encode(PersonVersion1(name: "Anthony Robbins"))
        #expect(try Archiver().header(of: old).version == 1)
        #expect(try Archiver().decode(Person.self, from: old) == Self.person)
    }

    @Test func reportsAMigrationThatFails() throws {
        let old = Data(#"{"archiver":"Folio","archiverVersion":1,"type":"Ledger","version":1,"root":{}}"#.utf8)
        let error = try #require(throws: ArchiveError.self) { try Archiver().decode(Ledger.self, from: old) }
        #expect(error.code == .migrationFailed)
        #expect(error.reason.contains("version 1 of Ledger could not be brought up to version 2"))
    }

    @Test func refusesAValueJSONCannotHold() throws {
        let error = try #require(throws: ArchiveError.self) { try Archiver(format: .json).encode([Double.nan]) }
        #expect(error.code == .unencodable)
        #expect(try Archiver().decode([Double].self, from: Archiver().encode([Double.infinity])) == [.infinity])
    }
}
