import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

@Suite struct BlobTests {
    private func images() throws -> Database {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE images (id INTEGER PRIMARY KEY, name TEXT, data BLOB)")
        return db
    }

    /// Bytes that differ at every position, so a chunk written to the wrong offset shows.
    private func pattern(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    }

    @Test func readsAndWritesPiecesAtOffsets() throws {
        let db = try images()
        try db.execute("INSERT INTO images (name, data) VALUES ('a', zeroblob(10))")
        let blob = try db.openBlob(table: "images", column: "data", row: db.lastInsertedRowID, forWriting: true)
        #expect(blob.count == 10)
        try blob.write(Data([1, 2, 3]), at: 0)
        try blob.write([UInt8]([9, 9]), at: 8)
        #expect(try blob.read(count: 4, at: 0) == Data([1, 2, 3, 0]))
        var buffer = Data(count: 2)
        try blob.read(into: &buffer, at: 8)
        #expect(buffer == Data([9, 9]))
        try blob.close()
        #expect(try db.fetchValue(Data.self, "SELECT data FROM images") == Data([1, 2, 3, 0, 0, 0, 0, 0, 9, 9]))
    }

    @Test func refusesToReadOrWritePastTheEnd() throws {
        let db = try images()
        try db.execute("INSERT INTO images (data) VALUES (zeroblob(4))")
        let blob = try db.openBlob(table: "images", column: "data", row: 1, forWriting: true)
        let write = try #require(throws: DatabaseError.self) { try blob.write(Data([1, 2, 3]), at: 2) }
        #expect(write.code == .outOfRange)
        let read = try #require(throws: DatabaseError.self) { try blob.read(count: 5, at: 0) }
        #expect(read.code == .outOfRange)
        #expect(try blob.read(count: 4, at: 0) == Data(count: 4))
    }

    @Test func aBlobOpenedForReadingRefusesWrites() throws {
        let db = try images()
        try db.execute("INSERT INTO images (data) VALUES (x'0102')")
        let blob = try db.openBlob(table: "images", column: "data", row: 1)
        let error = try #require(throws: DatabaseError.self) { try blob.write(Data([0]), at: 0) }
        #expect(error.code == .readOnly)
    }

    @Test func reopenMovesToAnotherRow() throws {
        let db = try images()
        try db.execute("INSERT INTO images (data) VALUES (x'01'), (x'0203')")
        let blob = try db.openBlob(table: "images", column: "data", row: 1)
        #expect(try blob.read(count: 1, at: 0) == Data([1]))
        try blob.reopen(row: 2)
        #expect(blob.count == 2)
        #expect(try blob.read(count: 2, at: 0) == Data([2, 3]))
        let missing = try #require(throws: DatabaseError.self) { try blob.reopen(row: 99) }
        #expect(missing.code == .error)
    }

    @Test func aHandleExpiresWhenItsRowChanges() throws {
        let db = try images()
        try db.execute("INSERT INTO images (data) VALUES (x'010203')")
        let blob = try db.openBlob(table: "images", column: "data", row: 1)
        try db.execute("UPDATE images SET data = x'09' WHERE id = 1")
        let error = try #require(throws: DatabaseError.self) { try blob.read(count: 1, at: 0) }
        #expect(error.code == .abort)
    }

    @Test func openingAMissingRowOrColumnIsAnError() throws {
        let db = try images()
        let row = try #require(throws: DatabaseError.self) {
            try db.openBlob(table: "images", column: "data", row: 1)
        }
        #expect(row.message == "no such rowid: 1")
        let column = try #require(throws: DatabaseError.self) {
            try db.openBlob(table: "images", column: "pixels", row: 1)
        }
        #expect(column.message == "no such column: \"pixels\"")
    }

    @Test func streamsAFileInAndOutInChunks() throws {
        let directory = TemporaryDirectory()
        let input = directory.appending("in.bin")
        let output = directory.appending("out.bin")
        let bytes = pattern(3 << 20 + 12_345)
        try bytes.write(to: URL(fileURLWithPath: input))
        let db = try Database(path: directory.appending("images.db"))
        try db.execute("CREATE TABLE images (id INTEGER PRIMARY KEY, data BLOB)")
        try db.execute("INSERT INTO images (data) VALUES (zeroblob(?))", bytes.count)
        let blob = try db.openBlob(table: "images", column: "data", row: db.lastInsertedRowID, forWriting: true)
        let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        #expect(try blob.write(from: reader, chunkSize: 1 << 20) == bytes.count)
        try reader.close()
        #expect(FileManager.default.createFile(atPath: output, contents: nil))
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        try blob.read(into: writer, chunkSize: 64 << 10)
        try writer.close()
        try blob.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == bytes)
        #expect(try db.fetchValue(Int.self, "SELECT length(data) FROM images") == bytes.count)
    }
}
