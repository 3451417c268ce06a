import Foundation

/// The rows both sides insert and read: an INTEGER, a REAL and a TEXT per row.
struct Workload {
    let count: Int
    let texts: [String]

    init(count: Int) {
        self.count = count
        // Made before measuring, so string building is not part of either side's time.
        texts = (0..<count).map { "stock \($0 % 100_000)" }
    }

    func real(_ index: Int) -> Double {
        Double(index) * 0.25
    }
}

/// One decoded row, built by hand from the C API and by `Decodable` from FolioDatabase.
struct Item: Decodable {
    var id: Int64
    var price: Double
    var name: String
}

/// What a fetch read, so neither side can skip work and both can be compared.
struct Checksum: Equatable {
    var integers: Int64 = 0
    var reals: Double = 0
    var textBytes = 0

    mutating func add(_ integer: Int64, _ real: Double, _ text: String) {
        integers &+= integer
        reals += real
        textBytes &+= text.utf8.count
    }
}

/// A temporary directory for the benchmark's database files.
final class Scratch {
    let path: String

    /// A directory under `base`: the row benchmarks use tmpfs (`/dev/shm`) so that disk flushes,
    /// whose time varies by tens of percent from run to run, do not drown the CPU cost measured.
    init(base: String) {
        var template = Array("\(base)/folio-db-bench-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func file(_ name: String) -> String {
        let full = path + "/" + name
        for suffix in ["", "-wal", "-shm", "-journal"] {
            unlink(full + suffix)
        }
        return full
    }

    deinit {
        let remove = Process()
        remove.executableURL = URL(fileURLWithPath: "/bin/rm")
        remove.arguments = ["-rf", "--", path]
        try? remove.run()
        remove.waitUntilExit()
    }
}
