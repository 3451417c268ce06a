// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Folio",
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(name: "FolioSandbox", targets: ["FolioSandbox"]),
        .library(name: "FolioFiles", targets: ["FolioFiles"]),
        .library(name: "FolioTables", targets: ["FolioTables"]),
        .library(name: "FolioLocation", targets: ["FolioLocation"]),
    ],
    targets: [
        // C: Linux system calls that Glibc's Swift module does not expose.
        .target(name: "CFolioSystem"),

        // The Swift wrapper over CFolioSystem (package-internal).
        .target(name: "FolioSystem", dependencies: ["CFolioSystem"]),

        // The Home container: layout, confined paths, the read-only bundle, provisioning.
        .target(name: "FolioSandbox", dependencies: ["FolioSystem"]),

        // File management: walker, atomic writes, no-clobber moves, copies, attributes, low-level access.
        .target(name: "FolioFiles", dependencies: ["FolioSandbox", "FolioSystem"]),

        // Table views: data sources, cell reuse, terminal and HTML renderers, CSV/JSON/XML sources.
        .target(name: "FolioTables"),

        // C: Karney's geodesic routines from PROJ (geodesic.h).
        .systemLibrary(name: "CGeodesic", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),

        // Location services: geodesics, location updates (gpsd, NMEA, GPX), geocoding, tracks.
        .target(name: "FolioLocation", dependencies: ["CGeodesic", "FolioSandbox", "FolioFiles"]),

        // The resources shipped with Folio: its bundle (Folio.app).
        .target(name: "FolioResources", resources: [.copy("Folio.app")]),

        // The `folio` command line: parse, call a library, render.
        .target(
            name: "FolioCommandLine",
            dependencies: [
                "FolioSandbox", "FolioSystem", "FolioFiles", "FolioTables", "FolioLocation", "FolioResources",
            ]
        ),
        .executableTarget(name: "folio", dependencies: ["FolioCommandLine"]),

        // Tests.
        .target(
            name: "FolioTestSupport",
            dependencies: ["FolioSandbox", "FolioResources"],
            path: "Tests/FolioTestSupport"
        ),
        .testTarget(name: "FolioSandboxTests", dependencies: ["FolioSandbox", "FolioSystem", "FolioTestSupport"]),
        .testTarget(name: "FolioFilesTests", dependencies: ["FolioFiles", "FolioSystem", "FolioTestSupport"]),
        .testTarget(name: "FolioTablesTests", dependencies: ["FolioTables", "FolioTestSupport"]),
        .testTarget(
            name: "FolioLocationTests",
            dependencies: ["FolioLocation", "FolioFiles", "FolioSandbox", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioCommandLineTests",
            dependencies: ["FolioCommandLine", "FolioTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
