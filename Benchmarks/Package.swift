// swift-tools-version:6.0
// Folio's benchmarks: release builds measured against reference tools in the same run.
// They are a package of their own so `swift build` and `swift test` of Folio never build them.
import PackageDescription

let package = Package(
    name: "FolioBenchmarks",
    dependencies: [.package(name: "Folio", path: "..")],
    targets: [
        // Timing, spawning reference tools, peak memory and table formatting for every suite.
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "FilesBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "FolioSandbox", package: "Folio"),
                .product(name: "FolioFiles", package: "Folio"),
            ]
        ),
        .executableTarget(
            name: "TablesBenchmarks",
            dependencies: ["BenchmarkSupport", .product(name: "FolioTables", package: "Folio")]
        ),
        // The SQLite C API under its own module name, for the raw-C baseline.
        .systemLibrary(name: "CSQLiteBaseline", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .executableTarget(
            name: "DatabaseBenchmarks",
            dependencies: [
                "CSQLiteBaseline",
                .product(name: "FolioDatabase", package: "Folio"),
            ]
        ),
        .executableTarget(
            name: "DocumentsBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "FolioSandbox", package: "Folio"),
                .product(name: "FolioDocuments", package: "Folio"),
            ]
        ),
        .executableTarget(
            name: "SearchBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "CSQLiteBaseline",
                .product(name: "FolioSandbox", package: "Folio"),
                .product(name: "FolioSearch", package: "Folio"),
            ]
        ),
        // PROJ's geod_inverse called directly: the reference for FolioLocation's distances.
        .systemLibrary(name: "CBenchGeodesic", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),
        .executableTarget(
            name: "LocationBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "CBenchGeodesic",
                .product(name: "FolioLocation", package: "Folio"),
                .product(name: "FolioFiles", package: "Folio"),
                .product(name: "FolioSandbox", package: "Folio"),
            ]
        ),
        // libvips called directly: the reference for FolioRendering's thumbnails.
        .systemLibrary(name: "CVipsBaseline", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .executableTarget(
            name: "RenderingBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "CVipsBaseline",
                .product(name: "FolioRendering", package: "Folio"),
                .product(name: "FolioFiles", package: "Folio"),
                .product(name: "FolioSandbox", package: "Folio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
