// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Folio",
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(name: "FolioCore", targets: ["FolioCore"]),
        .library(name: "FolioSandbox", targets: ["FolioSandbox"]),
        .library(name: "FolioFiles", targets: ["FolioFiles"]),
        .library(name: "FolioTables", targets: ["FolioTables"]),
        .library(name: "FolioArchive", targets: ["FolioArchive"]),
        .library(name: "FolioDocuments", targets: ["FolioDocuments"]),
        .library(name: "FolioHTTP", targets: ["FolioHTTP"]),
        .library(name: "FolioServer", targets: ["FolioServer"]),
        .library(name: "FolioDatabase", targets: ["FolioDatabase"]),
        .library(name: "FolioDatabaseTables", targets: ["FolioDatabaseTables"]),
        .library(name: "FolioLocation", targets: ["FolioLocation"]),
        .library(name: "FolioXML", targets: ["FolioXML"]),
        .library(name: "FolioZip", targets: ["FolioZip"]),
        .library(name: "FolioRendering", targets: ["FolioRendering"]),
        .library(name: "FolioSearch", targets: ["FolioSearch"]),
        .library(name: "FolioMail", targets: ["FolioMail"]),
    ],
    targets: [
        // What every Folio module shares: the shape of its errors, text from outside made safe to show.
        .target(name: "FolioCore"),

        // C: Linux system calls that Glibc's Swift module does not expose.
        .target(name: "CFolioSystem"),

        // The Swift wrapper over CFolioSystem (package-internal).
        .target(name: "FolioSystem", dependencies: ["FolioCore", "CFolioSystem"]),

        // The Home container: layout, confined paths, the read-only bundle, provisioning.
        .target(name: "FolioSandbox", dependencies: ["FolioCore", "FolioSystem"]),

        // File management: walker, atomic writes, no-clobber moves, copies, attributes, low-level access.
        .target(name: "FolioFiles", dependencies: ["FolioCore", "FolioSandbox", "FolioSystem"]),

        // Archiving: Codable values to versioned, atomic binary property list or JSON files.
        .target(name: "FolioArchive", dependencies: ["FolioCore", "FolioSandbox", "FolioFiles"]),

        // The document library: current document, untitled names, rename, trash, conflict-checked
        // saves, recents and change events over Documents/.
        .target(name: "FolioDocuments", dependencies: ["FolioCore", "FolioSandbox", "FolioFiles", "FolioArchive"]),

        // C: libxml2 from Debian's libxml2-dev (only FolioXML imports it).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // XML over libxml2: safe parsing, XPath 1.0 within limits, a streaming reader.
        .target(name: "FolioXML", dependencies: ["CLibXML2", "FolioCore"]),

        // Table views: data sources, cell reuse, terminal and HTML renderers, CSV/JSON/XML sources.
        .target(
            name: "FolioTables", dependencies: ["FolioCore", "FolioSandbox", "FolioFiles", "FolioSystem", "FolioXML"]),

        // C: the SQLite library from Debian's libsqlite3-dev (only FolioDatabase imports it).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // SQLite: connections (confined to a container or any path), statements, rows, Codable
        // decoding, functions, BLOB streaming, transactions, migrations, a queue and a pool.
        .target(name: "FolioDatabase", dependencies: ["CSQLite", "FolioCore", "FolioSandbox", "FolioSystem"]),

        // The results of SQL queries as the rows of table views: FolioDatabase meets FolioTables.
        .target(name: "FolioDatabaseTables", dependencies: ["FolioDatabase", "FolioTables"]),

        // C: Karney's geodesic routines from PROJ (geodesic.h, Debian's libproj-dev), loaded when
        // the first distance is measured.
        .target(name: "CGeodesic", dependencies: ["CLazyLibrary"]),

        // Location services: geodesics, location updates (gpsd, NMEA, GPX), geocoding, tracks.
        .target(
            name: "FolioLocation",
            dependencies: [
                "CGeodesic", "FolioCore", "FolioSystem", "FolioSandbox", "FolioFiles", "FolioDatabase", "FolioXML",
            ]
        ),

        // C: libarchive from Debian's libarchive-dev (only FolioZip imports it).
        .systemLibrary(name: "CLibArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),

        // Zip archives of container items, written as a stream over libarchive, read through the sandbox.
        .target(name: "FolioZip", dependencies: ["CLibArchive", "FolioCore", "FolioSandbox", "FolioFiles"]),

        // C: opening a C library the first time one of its functions is called (dlopen), for the
        // libraries that few commands use: every library linked is loaded before `main`.
        .target(name: "CLazyLibrary"),

        // C: libvips from Debian's libvips-dev, loaded when the first image is made (only
        // FolioRendering imports it). Its headers need glib's, whose second folder is per
        // architecture (pkg-config's cflags for a target that must not link the library).
        .target(
            name: "CVips", dependencies: ["CLazyLibrary"],
            cSettings: [
                .unsafeFlags([
                    "-I/usr/include/glib-2.0", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
                    "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
                ])
            ]
        ),

        // C: cairo from Debian's libcairo2-dev (only FolioRendering imports it).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),

        // Rendering: thumbnails of images (libvips), cached by the image's version; drawings,
        // notes and table views drawn by cairo as PDF, PNG and SVG.
        .target(
            name: "FolioRendering",
            dependencies: [
                "CVips", "CCairo", "FolioCore", "FolioSandbox", "FolioFiles", "FolioArchive", "FolioDocuments",
                "FolioTables",
            ]
        ),

        // C: libcurl from Debian's libcurl4-openssl-dev (only FolioMail imports it).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        // Mail: MIME messages and SMTP through libcurl, the server's settings, "Send PDF via email".
        .target(
            name: "FolioMail",
            dependencies: [
                "CCurl", "FolioCore", "FolioSandbox", "FolioFiles", "FolioArchive", "FolioDocuments", "FolioRendering",
            ]
        ),

        // Search over the documents: an SQLite FTS5 index of names, notes, drawings' text and
        // tables' cells in Library/Caches/, kept current and checked against the files.
        .target(
            name: "FolioSearch",
            dependencies: [
                "FolioCore", "FolioSandbox", "FolioFiles", "FolioArchive", "FolioDocuments", "FolioDatabase",
                "FolioTables",
            ]
        ),

        // The resources shipped with Folio: its bundle (Folio.app).
        .target(name: "FolioResources", resources: [.copy("Folio.app")]),

        // libmicrohttpd, the HTTP server under `folio serve`.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),

        // HTTP on libmicrohttpd: requests and responses, the router, middleware, the worker pool,
        // the connection guard, event streams. No Folio knowledge (only it imports CMicroHTTPD).
        .target(name: "FolioHTTP", dependencies: ["CMicroHTTPD", "FolioCore"]),

        // The Folio app in the browser: the JSON API and the web app, as routes and middleware.
        .target(
            name: "FolioServer",
            dependencies: [
                "FolioCore", "FolioHTTP", "FolioSandbox", "FolioFiles", "FolioArchive", "FolioTables", "FolioDocuments",
                "FolioDatabase", "FolioLocation", "FolioResources", "FolioZip", "FolioRendering", "FolioSearch",
                "FolioMail",
            ],
            resources: [.copy("Assets")]
        ),

        // The `folio` command line: parse, call a library, render.
        .target(
            name: "FolioCommandLine",
            dependencies: [
                "FolioCore", "FolioSandbox", "FolioFiles", "FolioTables", "FolioDatabase", "FolioDatabaseTables",
                "FolioArchive",
                "FolioDocuments", "FolioServer", "FolioLocation", "FolioResources", "FolioSearch", "FolioRendering",
                "FolioMail",
            ]
        ),
        .executableTarget(name: "folio", dependencies: ["FolioCommandLine"]),

        // Tests.
        .target(
            name: "FolioTestSupport",
            dependencies: ["FolioSandbox", "FolioResources", "FolioDocuments"],
            path: "Tests/FolioTestSupport"
        ),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore"]),
        .testTarget(name: "FolioSystemTests", dependencies: ["FolioSystem", "FolioTestSupport"]),
        .testTarget(name: "FolioSandboxTests", dependencies: ["FolioSandbox", "FolioSystem", "FolioTestSupport"]),
        .testTarget(name: "FolioFilesTests", dependencies: ["FolioFiles", "FolioSystem", "FolioTestSupport"]),
        .testTarget(name: "FolioXMLTests", dependencies: ["FolioXML", "FolioTestSupport"]),
        .testTarget(name: "FolioZipTests", dependencies: ["FolioZip", "FolioFiles", "FolioTestSupport"]),
        .testTarget(name: "FolioTablesTests", dependencies: ["FolioTables", "FolioFiles", "FolioTestSupport"]),
        .testTarget(name: "FolioArchiveTests", dependencies: ["FolioArchive", "FolioFiles", "FolioTestSupport"]),
        .executableTarget(
            name: "folio-documents-helper",
            dependencies: ["FolioDocuments", "FolioFiles", "FolioSandbox", "FolioSystem", "FolioResources"],
            path: "Tests/FolioDocumentsHelper"
        ),
        .testTarget(
            name: "FolioDocumentsTests",
            dependencies: ["FolioDocuments", "FolioArchive", "FolioFiles", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioRenderingTests",
            dependencies: ["FolioRendering", "FolioFiles", "FolioDocuments", "FolioTables", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioSearchTests",
            dependencies: ["FolioSearch", "FolioDocuments", "FolioFiles", "FolioSandbox", "FolioTestSupport"]
        ),
        .testTarget(name: "FolioHTTPTests", dependencies: ["FolioHTTP", "FolioTestSupport"]),
        .testTarget(name: "FolioMailTests", dependencies: ["FolioMail", "FolioTestSupport"]),
        .testTarget(
            name: "FolioServerTests",
            dependencies: ["FolioServer", "FolioHTTP", "FolioRendering", "FolioSandbox", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioDatabaseTests",
            dependencies: ["FolioDatabase", "FolioSandbox", "FolioResources", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioDatabaseTablesTests",
            dependencies: ["FolioDatabaseTables", "FolioDatabase", "FolioTables", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioLocationTests",
            dependencies: [
                "FolioLocation", "FolioFiles", "FolioSandbox", "FolioDatabase", "FolioResources", "FolioTestSupport",
                "FolioXML",
            ],
            exclude: ["Corpus/gpx-expectations.json"]
        ),
        .testTarget(
            name: "FolioCommandLineTests",
            dependencies: ["FolioCommandLine", "FolioServer", "FolioHTTP", "FolioTestSupport"],
            // Every command's --help, compared exactly by HelpSnapshotTests.
            exclude: ["Snapshots"]
        ),

        // The mutation fuzzer of every reader of user files: library readers in-process (in a
        // worker process it supervises), the `folio` CLI and `folio serve` as subprocesses.
        .executableTarget(
            name: "folio-fuzz",
            dependencies: [
                "FolioTables", "FolioLocation", "FolioDatabase", "FolioDatabaseTables", "FolioArchive",
                "FolioDocuments", "FolioSandbox", "FolioResources", "FolioRendering", "FolioTestSupport", "FolioSearch",
                "FolioMail",
            ],
            path: "Tests/FolioFuzz",
            exclude: ["Regressions"]
        ),
        .testTarget(name: "FolioFuzzTests", dependencies: ["FolioTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
