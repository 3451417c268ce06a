// swift-tools-version:6.0
// Folio's benchmarks: release builds measured against reference tools in the same run.
// They are a package of their own so `swift build` and `swift test` of Folio never build them.
import PackageDescription

let package = Package(
    name: "FolioBenchmarks",
    dependencies: [.package(name: "Folio", path: "..")],
    targets: [
        .executableTarget(
            name: "FilesBenchmarks",
            dependencies: [
                .product(name: "FolioSandbox", package: "Folio"),
                .product(name: "FolioFiles", package: "Folio"),
            ]
        ),
        .executableTarget(
            name: "TablesBenchmarks",
            dependencies: [.product(name: "FolioTables", package: "Folio")]
        ),
        // PROJ's geod_inverse called directly: the reference for FolioLocation's distances.
        .systemLibrary(name: "CBenchGeodesic", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),
        .executableTarget(
            name: "LocationBenchmarks",
            dependencies: [
                "CBenchGeodesic",
                .product(name: "FolioLocation", package: "Folio"),
                .product(name: "FolioFiles", package: "Folio"),
                .product(name: "FolioSandbox", package: "Folio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
