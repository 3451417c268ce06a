import CSQLiteBaseline
import FolioDatabase
import Foundation

/// Streams the largest BLOB SQLite allows from a file into a database and back out to a file,
/// through FolioDatabase and through the C API, and reports each side's time and peak memory.
enum BlobBenchmark {
    static let chunkSize = 1 << 20

    static func run(directory: String, size: Int) throws {
        let source = directory + "/source.bin"
        print(
            "Streaming a \(size)-byte BLOB (\(String(format: "%.1f", Double(size) / 1_048_576)) MiB) "
                + "in \(chunkSize >> 20) MiB chunks, files in \(directory)\n")
        let checksum = try makeSource(source, size: size)
        print("| side | file → BLOB | BLOB → file | peak memory (VmHWM) | goal |")
        print("|---|---:|---:|---:|---:|")
        for side in ["raw C API", "FolioDatabase"] {
            let database = directory + "/\(side == "raw C API" ? "c" : "folio").db"
            let output = directory + "/out.bin"
            resetPeakMemory()
            let (write, read): (Double, Double)
            if side == "raw C API" {
                (write, read) = try baseline(database: database, source: source, output: output, size: size)
            } else {
                (write, read) = try library(database: database, source: source, output: output, size: size)
            }
            let peak = peakMemory()
            let returned = try fileChecksum(output)
            precondition(returned == checksum, "\(side): the BLOB came back different")
            let verdict = peak < 64 << 20 ? "" : " (missed)"
            print(
                "| \(side) | \(String(format: "%.2f s", write)) | \(String(format: "%.2f s", read)) | "
                    + "\(String(format: "%.1f MiB", Double(peak) / 1_048_576))\(verdict) | < 64 MiB |")
            for name in [database, database + "-journal", output] {
                unlink(name)
            }
        }
        try tooBig(directory: directory)
    }

    /// Through FolioDatabase: `zeroblob`, then `Blob.write(from:)` and `Blob.read(into:)`.
    static func library(database: String, source: String, output: String, size: Int) throws -> (Double, Double) {
        var configuration = Configuration()
        configuration.journalMode = .delete
        let db = try Database(path: database, configuration: configuration)
        try db.execute("CREATE TABLE images (id INTEGER PRIMARY KEY, data BLOB)")
        let write = try wallTime {
            try db.transaction { db in
                try db.execute("INSERT INTO images (data) VALUES (zeroblob(?))", size)
                let blob = try db.openBlob(table: "images", column: "data", row: db.lastInsertedRowID, forWriting: true)
                let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
                let written = try blob.write(from: input, chunkSize: chunkSize)
                precondition(written == size, "wrote \(written) of \(size) bytes")
                try input.close()
                try blob.close()
            }
        }
        let read = try wallTime {
            let blob = try db.openBlob(table: "images", column: "data", row: 1)
            precondition(FileManager.default.createFile(atPath: output, contents: nil))
            let out = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            try blob.read(into: out, chunkSize: chunkSize)
            try out.close()
            try blob.close()
        }
        try db.close()
        return (write, read)
    }

    /// The same through `sqlite3_blob_open`, `sqlite3_blob_write` and `sqlite3_blob_read`.
    static func baseline(database: String, source: String, output: String, size: Int) throws -> (Double, Double) {
        var db: OpaquePointer?
        Baseline.check(
            sqlite3_open_v2(database, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil), db)
        guard let db else { fatalError("no connection") }
        defer { sqlite3_close(db) }
        Baseline.exec(db, "CREATE TABLE images (id INTEGER PRIMARY KEY, data BLOB)")
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let write = wallTime {
            Baseline.exec(db, "BEGIN")
            Baseline.exec(db, "INSERT INTO images (data) VALUES (zeroblob(\(size)))")
            var blob: OpaquePointer?
            Baseline.check(sqlite3_blob_open(db, "main", "images", "data", sqlite3_last_insert_rowid(db), 1, &blob), db)
            let input = open(source, O_RDONLY)
            var offset = 0
            while offset < size {
                let count = Glibc.read(input, buffer, min(chunkSize, size - offset))
                guard count > 0 else { break }
                Baseline.check(sqlite3_blob_write(blob, buffer, Int32(count), Int32(offset)), db)
                offset += count
            }
            close(input)
            sqlite3_blob_close(blob)
            Baseline.exec(db, "COMMIT")
        }
        let read = wallTime {
            var blob: OpaquePointer?
            Baseline.check(sqlite3_blob_open(db, "main", "images", "data", 1, 0, &blob), db)
            let out = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            var offset = 0
            while offset < size {
                let count = min(chunkSize, size - offset)
                Baseline.check(sqlite3_blob_read(blob, buffer, Int32(count), Int32(offset)), db)
                precondition(Glibc.write(out, buffer, count) == count)
                offset += count
            }
            close(out)
            sqlite3_blob_close(blob)
        }
        return (write, read)
    }

    /// The wall-clock seconds `body` takes: streaming is disk work, which thread CPU time misses.
    static func wallTime(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// A full GiB, over SQLite's limit: a clear error, not a crash.
    static func tooBig(directory: String) throws {
        let db = try Database(path: directory + "/big.db")
        try db.execute("CREATE TABLE images (data BLOB)")
        do {
            try db.execute("INSERT INTO images VALUES (zeroblob(?))", 1 << 30)
            print("\nA 1 GiB BLOB was stored.")
        } catch {
            print("\nA 1 GiB (1073741824-byte) BLOB is over this SQLite's limit: \(error)")
        }
    }

    /// Writes `size` bytes of a pattern that differs from chunk to chunk; returns their checksum.
    static func makeSource(_ path: String, size: Int) throws -> UInt64 {
        precondition(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var offset = 0
        var sum = Checksummer()
        while offset < size {
            let count = min(chunkSize, size - offset)
            for index in 0..<count {
                chunk[index] = UInt8(truncatingIfNeeded: (offset + index) &* 2_654_435_761 >> 13)
            }
            let data = Data(chunk[0..<count])
            sum.add(data)
            try handle.write(contentsOf: data)
            offset += count
        }
        try handle.close()
        return sum.value
    }

    static func fileChecksum(_ path: String) throws -> UInt64 {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        var sum = Checksummer()
        while let data = try handle.read(upToCount: chunkSize), !data.isEmpty {
            sum.add(data)
        }
        try handle.close()
        return sum.value
    }

    /// Sets the process's peak resident size back to its current size (Linux `clear_refs`).
    static func resetPeakMemory() {
        let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs")
        handle?.write(Data("5".utf8))
        try? handle?.close()
    }

    /// The process's peak resident size in bytes (`VmHWM` in `/proc/self/status`).
    static func peakMemory() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
            return kilobytes * 1024
        }
        return -1
    }
}

/// An order-sensitive checksum of a byte stream, computed chunk by chunk.
struct Checksummer {
    private(set) var value: UInt64 = 14_695_981_039_346_656_037
    private var position: UInt64 = 0

    /// Adds `data`; chunks must be whole multiples of 8 bytes except the last.
    mutating func add(_ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            while offset < bytes.count {
                mix(UInt64(bytes[offset]))
                offset += 1
            }
        }
    }

    private mutating func mix(_ word: UInt64) {
        position &+= 1
        value = (value ^ (word &+ position)) &* 1_099_511_628_211
    }
}
