import FolioTestSupport
import Foundation
import Testing

/// What starting `folio` costs: every library the executable is linked with is loaded and
/// relocated before a command runs, whether it uses it or not. libvips (with about a hundred
/// libraries of its own) and PROJ cost a command some 30 ms; they are loaded by the first
/// thumbnail and the first distance instead.
@Suite struct StartupTests {
    private let directory = TemporaryDirectory()

    /// The shared libraries the dynamic loader maps for `folio` before `main`, as `ldd` lists them.
    private func librariesLoadedAtStart() throws -> String {
        let run = try FolioBinary.run(["--help"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(run.status == 0)
        return run.standardOutput
    }

    @Test func aCommandStartsWithoutLoadingLibvipsOrPROJ() throws {
        let loaded = try librariesLoadedAtStart()
        #expect(loaded.contains("libsqlite3"), "the trace lists the libraries: \(loaded)")
        #expect(!loaded.contains("libvips"))
        #expect(!loaded.contains("libproj"))
        #expect(!loaded.contains("libtiff"))
    }

    @Test func theLibrariesLoadedLaterStillWork() throws {
        let home = directory.appending("home")
        let distance = try FolioBinary.run([
            "--home", home, "--json", "geo", "distance", "-41.32,174.81", "40.96,-5.50",
        ])
        #expect(distance.status == 0, "\(distance.standardError)")
        // Karney's answer for these two points (GeographicLib's GeodSolve -i): 19959679.267 m.
        #expect(distance.standardOutput.contains("19959679.2"))
    }
}
