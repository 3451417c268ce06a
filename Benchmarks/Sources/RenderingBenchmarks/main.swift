// Rendering benchmarks: the thumbnail of a 20-megapixel JPEG (5472×3648, made with libvips
// itself), 256 pixels, five runs each: libvips called directly (the reference, same process and
// settings), FolioRendering's ImageThumbnailer, and ThumbnailCache on a miss and on a hit. Then
// the server's memory: `folio serve` (release) asked for the thumbnails of 40 different
// 20-megapixel JPEGs, its peak resident memory (VmHWM) after the first and after all 40.
import BenchmarkSupport
import CVipsBaseline
import FolioFiles
import FolioRendering
import FolioSandbox
import Foundation
import Glibc

let runs = 5
let size = 256

func summary(_ values: [Double]) -> String {
    let sorted = values.sorted()
    return "\(milliseconds(median(values))) (\(milliseconds(sorted[0]))–\(milliseconds(sorted[sorted.count - 1])))"
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3)
        .joined(separator: " ")
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("folio-rendering-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: scratch + "/bundle", withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: scratch) }

print("load average before: \(loadAverage())")
let photo = try SampleImage.make(width: 5472, height: 3648, format: .jpeg)
print("20-megapixel JPEG: \(photo.count) bytes")

// Folio first, so libvips has Folio's settings (no operation cache, one thread) for both.
let thumbnailer = ImageThumbnailer()
_ = try thumbnailer.thumbnail(of: photo, size: size)

var reference: [Double] = []
var folio: [Double] = []
for _ in 0..<runs {
    var bytes = photo
    reference.append(
        time {
            var length = 0
            let status = bytes.withUnsafeMutableBytes { buffer in
                bench_vips_thumbnail_png(buffer.baseAddress, buffer.count, Int32(size), &length)
            }
            precondition(status == 0 && length > 0, "libvips failed")
        })
    folio.append(try time { _ = try thumbnailer.thumbnail(of: photo, size: size) })
}

let home = scratch + "/home"
let container = try Container(root: home, bundle: scratch + "/bundle")
let files = Files(container)
let cache = ThumbnailCache(files: files)
try files.write(photo, to: SandboxPath(parsing: "tmp/photo.jpg"))
var miss: [Double] = []
var hit: [Double] = []
for index in 0..<runs {
    let path = try SandboxPath(parsing: "tmp/photo-\(index).jpg")
    try files.write(photo, to: path)
    miss.append(try time { _ = try cache.thumbnail(of: path, size: size) })
    hit.append(try time { _ = try cache.thumbnail(of: path, size: size) })
}

print("")
print("| case (\(size) px thumbnail of a 20-megapixel JPEG, \(runs) runs) | median (min–max) | ratio to libvips |")
print("|---|---|---:|")
print("| libvips directly (vips_thumbnail_buffer + vips_pngsave_buffer) | \(summary(reference)) | 1.00× |")
print("| ImageThumbnailer (header check, pixel limit, decode, PNG) | \(summary(folio)) | \(ratio(median(folio), median(reference))) |")
print("| ThumbnailCache, miss (confined read, thumbnail, atomic cache write) | \(summary(miss)) | \(ratio(median(miss), median(reference))) |")
print("| ThumbnailCache, hit | \(summary(hit)) | \(ratio(median(hit), median(reference))) |")
print("")
print("load average after the timings: \(loadAverage())")

// The server's memory over many thumbnails.
// The release build beside the benchmarks (Benchmarks/run builds it), or FOLIO_BINARY.
let folioBinary =
    ProcessInfo.processInfo.environment["FOLIO_BINARY"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release/folio").path
let serverHome = scratch + "/server"
let serverFiles = Files(try Container(root: serverHome, bundle: scratch + "/bundle"))
let count = 40
for index in 0..<count {
    try serverFiles.write(photo, to: SandboxPath(parsing: "tmp/photo-\(index).jpg"))
}
let server = Process()
server.executableURL = URL(fileURLWithPath: folioBinary)
server.arguments = ["--home", serverHome, "serve", "--port", "0"]
server.environment = ProcessInfo.processInfo.environment.merging(["FOLIO_TOKEN": "bench"]) { $1 }
let pipe = Pipe()
server.standardOutput = pipe
try server.run()
var address = ""
var buffered = ""
while address.isEmpty {
    let chunk = pipe.fileHandleForReading.availableData
    guard !chunk.isEmpty else { fatalError("folio serve exited") }
    buffered += String(decoding: chunk, as: UTF8.self)
    if let range = buffered.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression) {
        address = String(buffered[range])
    }
}
func serverPeakKiB(_ pid: Int32) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
func fetch(_ index: Int, from address: String) -> Double {
    let run = spawn([
        "curl", "-sf", "-o", "/dev/null", "-H", "Authorization: Bearer bench",
        "\(address)/api/files/tmp/photo-\(index).jpg?thumbnail=\(size)",
    ])
    precondition(run.status == 0, "the thumbnail request failed")
    return run.seconds
}
let startKiB = serverPeakKiB(server.processIdentifier)
let first = fetch(0, from: address)
let afterOne = serverPeakKiB(server.processIdentifier)
var served: [Double] = [first]
for index in 1..<count {
    served.append(fetch(index, from: address))
}
let afterAll = serverPeakKiB(server.processIdentifier)
server.terminate()
server.waitUntilExit()

print("")
print("| \(folioBinary.contains("/release/") ? "folio serve (release)" : "folio serve (\(folioBinary))"), \(count) different 20-megapixel JPEGs, ?thumbnail=\(size) | value |")
print("|---|---|")
print("| peak resident memory after start | \(mebibytes(startKiB)) |")
print("| after the first thumbnail | \(mebibytes(afterOne)) |")
print("| after all \(count) | \(mebibytes(afterAll)) |")
print("| request time through curl, median (min–max) | \(summary(served)) |")
print("")
print("load average after: \(loadAverage())")
