import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioSystem

@Suite struct FileDescriptorIOTests {
    @Test func writesEverythingAndReadsItBackFromTheStartAndAtOffsets() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("bytes")
        let contents = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writer = try FileDescriptor.open(absolute: path, flags: [.writeOnly, .create, .exclusive])
        try writer.writeAll(contents[...])
        let reader = try FileDescriptor.open(absolute: path, flags: .readOnly)
        #expect(try reader.read(upTo: 10) == Array(contents[0..<10]))
        #expect(try reader.read(upTo: 5, at: 100_000) == Array(contents[100_000..<100_005]))
        // A positional read leaves the offset where it was.
        #expect(try reader.read(upTo: 3) == Array(contents[10..<13]))
        #expect(try reader.read(upTo: 10, at: 199_995) == Array(contents[199_995...]))
        #expect(try reader.read(upTo: 10, at: 300_000).isEmpty)
        #expect(try reader.readToEnd() == Array(contents[13...]))
    }

    @Test func readsAStreamIntoOneBufferWithoutChangingItsSize() throws {
        let (readEnd, writeEnd) = try Pipe.make()
        try writeEnd.writeAll(Array("abcdef".utf8))
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(try readEnd.read(into: &buffer) == 4)
        #expect(buffer == Array("abcd".utf8))
        #expect(try readEnd.read(into: &buffer) == 2)
        #expect(buffer == Array("efcd".utf8))
        #expect(buffer.count == 4)
    }

    @Test func writesASpanAndAPositionalRangeInPlace() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("patched")
        let file = try FileDescriptor.open(absolute: path, flags: [.readWrite, .create])
        let bytes = Array("hello world".utf8)
        try file.writeAll(bytes.span.bytes)
        try file.writeAll(Data("W".utf8), at: 6)
        #expect(try file.read(upTo: 64, at: 0) == Array("hello World".utf8))
    }

    @Test func aFailedCallKeepsItsErrorNumberAndPath() throws {
        let directory = TemporaryDirectory()
        let missing = directory.appending("missing")
        let error = try #require(throws: SystemError.self) {
            try FileDescriptor.open(absolute: missing, flags: .readOnly)
        }
        #expect(error.errno == .noSuchFile)
        #expect(error.path == missing)
        #expect(error.description.contains("No such file or directory"))
    }
}

/// A pipe's two ends, for tests that read and write streams.
enum Pipe {
    static func make() throws -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemError(.current, call: "pipe2") }
        return (FileDescriptor(owning: ends[0]), FileDescriptor(owning: ends[1]))
    }
}
