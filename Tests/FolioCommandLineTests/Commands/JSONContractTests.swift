import FolioHTTP
import FolioServer
import FolioTestSupport
import Foundation
import Glibc
import Testing

/// `--json` and the web API print the same value the same way: one date format to the
/// nanosecond, doubles in their shortest form, one shape of a zip code, and one JSON document
/// per command.
@Suite struct JSONContractTests {
    private let home: TestContainer
    private let app: FolioWebApp

    init() throws {
        home = try TestContainer()
        app = try FolioWebApp(container: home.container, token: "t", host: "127.0.0.1", port: 8080)
    }

    private func folio(_ arguments: [String], input: String = "") async -> FolioRun {
        await InProcessFolio.run(["--home", home.container.root, "--json"] + arguments, input: input)
    }

    /// The body of a GET to the web app, as text.
    private func get(_ target: String) -> String {
        var headers = HTTPHeaders()
        headers.add("Host", "127.0.0.1:8080")
        headers.add("Cookie", "\(Gatekeeper.cookieName)=t")
        let response = app.dispatch(
            HTTPRequest(method: .get, target: target, headers: headers, body: Data(), clientAddress: "127.0.0.1"))
        guard case .bytes(let data) = response.body else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aFilesModificationTimeIsTheSameStringToTheNanosecondEverywhere() async throws {
        try home.plant("Documents/exact.txt", "x")
        var times = [
            timespec(tv_sec: 1_764_600_000, tv_nsec: 123_456_789),
            timespec(tv_sec: 1_764_600_000, tv_nsec: 123_456_789),
        ]
        #expect(utimensat(AT_FDCWD, home.absolute("Documents/exact.txt"), &times, 0) == 0)
        let expected = "2025-12-01T14:40:00.123456789Z"

        let listed = await folio(["ls", "Documents"])
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.first { $0["name"] as? String == "exact.txt" }?["modified"] as? String == expected)
        let stat = await folio(["stat", "Documents/exact.txt"])
        #expect(
            (try object(stat.standardOutput)["attributes"] as? [String: Any])?["modificationDate"] as? String
                == expected)

        let listing = try object(get("/api/files/Documents"))
        let webEntries = try #require(listing["entries"] as? [[String: Any]])
        #expect(webEntries.first { $0["name"] as? String == "exact.txt" }?["modified"] as? String == expected)
        let attributes = try object(get("/api/files/Documents/exact.txt"))["attributes"] as? [String: Any]
        #expect(attributes?["modificationDate"] as? String == expected)
    }

    @Test func doublesArePrintedExactlyByTheCLIAndTheAPI() async throws {
        let cli = await folio(["geo", "geocode", "-33.8688,151.2093"])
        #expect(cli.status == 0, "\(cli.standardError)")
        #expect(cli.standardOutput.contains(#""latitude" : -33.8688"#), "\(cli.standardOutput)")
        #expect(cli.standardOutput.contains(#""longitude" : 151.2093"#))
        let web = get("/api/geo/geocode?q=-33.8688,151.2093")
        #expect(web.contains(#""latitude":-33.8688"#), "\(web)")
        let distance = await folio(["geo", "distance", "0.1,0.1", "0,0"])
        #expect(distance.standardOutput.contains(#""latitude" : 0.1,"#), "\(distance.standardOutput)")
        #expect(get("/api/geo/distance?from=0.1,0.1&to=0,0").contains(#""latitude":0.1,"#))
        // A longitude given beyond ±180° keeps its decimals once reduced.
        let turned = await folio(["geo", "distance", "38.8977,-437.0365", "0,0"])
        #expect(turned.standardOutput.contains(#""longitude" : -77.0365,"#), "\(turned.standardOutput)")
        #expect(get("/api/geo/distance?from=38.8977,-437.0365&to=0,0").contains(#""longitude":-77.0365,"#))
    }

    @Test func aZipCodeHasOneShapeWithItsLeadingZeros() async throws {
        let cli = await folio(["geo", "reverse", "40.8154,-73.0451"])
        #expect(cli.status == 0, "\(cli.standardError)")
        let printed = try object(cli.standardOutput)
        let served = try object(get("/api/geo/reverse?lat=40.8154&lon=-73.0451"))
        #expect(printed["zip"] as? String == "00501")
        #expect(NSDictionary(dictionary: printed).isEqual(to: served), "\(printed) and \(served)")
        #expect(Set(printed.keys) == ["zip", "place", "state", "county", "kind", "latitude", "longitude", "distance"])
        let near = await folio(["geo", "near", "00501", "--radius", "1m"])
        let matches = try #require(
            try JSONSerialization.jsonObject(with: Data(near.standardOutput.utf8)) as? [[String: Any]])
        #expect(matches.first?["zip"] as? String == "00501")
        #expect(matches.allSatisfy { Set($0.keys) == Set(printed.keys) && $0["zip"] is String })
    }

    @Test func everyCommandPrintsOneJSONDocument() async throws {
        try home.plant("tmp/people.csv", "name,role\nHomer,Father\nMarge,Mother\n")
        let server = try LocalHTTPServer(routes: ["/file.txt": .init(body: "fetched")])
        let sample = "Folio.app/Samples/white-house-to-pentagon.gpx"
        var runs: [[String]] = [
            ["home"], ["ls"], ["ls", "-R", "-l", "Documents"], ["mkdir", "tmp/j"],
            ["write", "tmp/j/a.txt", "--text", "x"],
            ["cat", "tmp/j/a.txt"], ["cp", "tmp/j/a.txt", "tmp/j/b.txt"], ["mv", "tmp/j/b.txt", "tmp/j/c.txt"],
            ["stat", "tmp/j/a.txt"], ["chattr", "tmp/j/a.txt", "--mode", "644"],
            ["patch", "tmp/j/a.txt", "--offset", "0", "--data", "y"], ["resource", "file", "--type", "txt"],
            ["fetch", server.baseURL.absoluteString + "/file.txt", "tmp/j/f.txt"],
            ["table", "show", "tmp/people.csv"], ["table", "edit", "tmp/people.csv", "--delete", "1", "--yes"],
            ["db", "tables", "Library/Database/financial.db"],
            ["db", "exec", "Library/Database/financial.db", "SELECT 0.1 AS a, 2.0 AS b"],
            ["geo", "distance", "20500", "22202"], ["geo", "geocode", "00501"], ["geo", "reverse", "40.8154,-73.0451"],
            ["geo", "near", "20500", "--radius", "1mi"], ["geo", "track", "list"],
            ["geo", "track", "import", sample, "--name", "J"],
            ["geo", "track", "show", "J"], ["geo", "track", "export", "J", "tmp/j/j.gpx"],
            ["geo", "track", "record", "R", "--gpx", sample, "--count", "3"],
            ["doc", "list"], ["doc", "info"], ["doc", "current"], ["doc", "trash"],
        ]
        let created = await folio(["doc", "new", "--kind", "note"])
        let name = try #require(try object(created.standardOutput)["name"] as? String, "\(created.standardOutput)")
        runs += [
            ["doc", "select", name], ["doc", "show", name], ["doc", "rename", name, "JSON test.txt"],
            ["doc", "delete", "JSON test.txt", "--yes"], ["doc", "trash", "list"],
            ["doc", "trash", "restore", "JSON test.txt"],
            ["rm", "-r", "tmp/j"],
        ]
        for arguments in runs {
            let run = await folio(arguments)
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            let document = try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
            #expect(document != nil, "\(arguments) printed \(run.standardOutput.prefix(300))")
            #expect(!run.standardOutput.contains("[\n\n"), "\(arguments)")
        }
    }

    @Test func geoWatchIsAStreamOfJSONLines() async throws {
        let run = await folio([
            "geo", "watch", "--gpx", "Folio.app/Samples/white-house-to-pentagon.gpx", "--count", "3",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
        #expect(lines.first?.contains(#""time":"2009-06-01T14:00:00.000Z""#) == true, "\(lines.first ?? "")")
    }
}
