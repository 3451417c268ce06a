import FolioTestSupport
import Foundation
import Glibc
import Testing

@Suite struct GeoCommandTests {
    func folio(_ arguments: [String], home: TestContainer) async -> FolioRun {
        await InProcessFolio.run(["--home", home.container.root] + arguments)
    }

    func json(_ run: FolioRun) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
    }

    @Test func distanceBetweenTheWhiteHouseAndThePentagon() async throws {
        let home = try TestContainer()
        let run = await folio(["--json", "geo", "distance", "White House", "the Pentagon"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try json(run) as? [String: Any])
        let meters = try #require(object["meters"] as? Double)
        #expect(meters > 3300 && meters < 3380)
        let addresses = await folio(
            [
                "geo", "distance", "1600 Pennsylvania Ave NW, Washington, DC 20500",
                "Army Navy Dr & Fern St, Arlington, VA 22202",
            ], home: home)
        #expect(addresses.status == 0, "\(addresses.standardError)")
        #expect(addresses.standardOutput.contains("meters"))
        let coordinates = await folio(["geo", "distance", "0,0", "0.5,179.7"], home: home)
        #expect(coordinates.standardOutput.contains("19944127.42 meters"))
    }

    @Test func coordinatesStartingWithAMinusArePositionals() async throws {
        let home = try TestContainer()
        let distance = await folio(["geo", "distance", "-41.32,174.81", "40.96,-5.50"], home: home)
        #expect(distance.status == 0, "\(distance.standardError)")
        // GeodSolve -i: 161.06766998616 18.82519512325 19959679.267354
        #expect(distance.standardOutput.contains("19959679.27 meters"), "\(distance.standardOutput)")
        #expect(distance.standardOutput.contains("bearing 161.1°"))
        let reverse = await folio(["--json", "geo", "reverse", "-14.28,-170.70"], home: home)
        #expect(reverse.status == 0, "\(reverse.standardError)")
        #expect((try json(reverse) as? [String: Any])?["zip"] as? String == "96799")
        let both = await folio(["geo", "distance", "-.5,-.5", "-1,-1"], home: home)
        #expect(both.status == 0, "\(both.standardError)")
        #expect(both.standardOutput.hasPrefix("from  -0.500000,-0.500000"))
        let unknown = await folio(["geo", "distance", "-x", "0,0"], home: home)
        #expect(unknown.status == 2, "a minus and a letter is still an option")
        #expect(unknown.standardError.contains("unknown option '-x'"))
    }

    @Test func longitudesUpTo540AreReducedAsGeodSolveDoes() async throws {
        let home = try TestContainer()
        let run = await folio(["--json", "geo", "distance", "0,539", "0,181"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try json(run) as? [String: Any])
        // GeodSolve -i on 0 539 0 181: 90 90 222638.981587
        #expect(abs((object["meters"] as? Double ?? 0) - 222_638.981_587) < 1e-6)
        #expect((object["from"] as? [String: Any])?["longitude"] as? Double == 179)
        #expect((object["to"] as? [String: Any])?["longitude"] as? Double == -179)
        let reverse = await folio(["--json", "geo", "reverse", "38.8977,-437.0365"], home: home)
        #expect((try json(reverse) as? [String: Any])?["zip"] as? String == "20501")
        for beyond in ["0,540.5", "90.5,0", "-91,0"] {
            let refused = await folio(["geo", "distance", beyond, "0,0"], home: home)
            #expect(refused.status == 1)
            #expect(refused.standardError.contains("(invalidCoordinate)"), "\(beyond): \(refused.standardError)")
        }
    }

    @Test func unknownPlacesFailAndUsageErrorsExitTwo() async throws {
        let home = try TestContainer()
        let unknown = await folio(["geo", "distance", "Atlantis", "20500"], home: home)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("(unknownAddress)"))
        #expect(unknown.standardOutput.isEmpty)
        let missing = await folio(["geo", "distance", "20500"], home: home)
        #expect(missing.status == 2)
        let twoSources = await folio(["geo", "watch", "--nmea", "a", "--gpx", "b"], home: home)
        #expect(twoSources.status == 2)
        let badRadius = await folio(["geo", "near", "20500", "--radius", "ten"], home: home)
        #expect(badRadius.status == 2, "a value an option cannot take is a usage error")
        #expect(badRadius.standardError.contains("option '--radius' cannot take 'ten'"))
        let badAccuracy = await folio(["geo", "watch", "--nmea", "a.nmea", "--accuracy", "5parsec"], home: home)
        #expect(badAccuracy.status == 2)
        #expect(badAccuracy.standardError.contains("unknown unit 'parsec'"))
    }

    @Test func aPointFarFromEveryZipCodeHasNothingNear() async throws {
        let home = try TestContainer()
        let paris = await folio(["geo", "reverse", "48.8566,2.3522"], home: home)
        #expect(paris.status == 1)
        #expect(paris.standardOutput.isEmpty)
        #expect(paris.standardError.contains("no zip code is within 50.0 km"), "\(paris.standardError)")
        #expect(paris.standardError.contains("the nearest, 04785 Van Buren, ME, is 5055.6 km away"))
        let reported = await folio(["--json", "geo", "reverse", "48.8566,2.3522"], home: home)
        #expect(reported.status == 1)
        #expect(reported.standardError.contains("\"code\" : \"notFound\""), "\(reported.standardError)")
        let wider = await folio(["geo", "reverse", "48.8566,2.3522", "--radius", "6000km"], home: home)
        #expect(wider.status == 0, "\(wider.standardError)")
        #expect(wider.standardOutput.hasPrefix("04785  Van Buren, ME  5055.6 km away"))
        let sydney = await folio(["geo", "reverse", "-33.86,151.2"], home: home)
        #expect(sydney.status == 1)
    }

    @Test func aRadiusSaysItsUnitAndOneZipCodeIsOne() async throws {
        let home = try TestContainer()
        let bare = await folio(["geo", "near", "20500", "--radius", "10"], home: home)
        #expect(bare.status == 2, "a radius without a unit is a usage error")
        #expect(bare.standardError.contains("say the unit, as in 10km or 10mi (the units are m, km, mi, ft, nmi)"))
        #expect(bare.standardOutput.isEmpty)
        let bareReverse = await folio(["geo", "reverse", "38.8977,-77.0365", "--radius", "3.5"], home: home)
        #expect(bareReverse.status == 2)
        let one = await folio(["geo", "near", "20500", "--radius", "10m"], home: home)
        #expect(one.status == 0, "\(one.standardError)")
        #expect(
            one.standardOutput.hasSuffix("1 zip code within 10 m of Washington, DC 20500\n"), "\(one.standardOutput)")
        let many = await folio(["geo", "near", "20500", "--radius", "1km"], home: home)
        #expect(many.standardOutput.contains(" zip codes within 1.00 km of Washington"))
    }

    @Test func geocodesReversesAndSearchesOffline() async throws {
        let home = try TestContainer()
        let geocoded = await folio(["--json", "geo", "geocode", "Plano, TX"], home: home)
        let place = try #require(try json(geocoded) as? [String: Any])
        #expect(place["accuracy"] as? String == "town")
        let reversed = await folio(["--json", "geo", "reverse", "33.025,-96.7397"], home: home)
        let zip = try #require(try json(reversed) as? [String: Any])
        #expect(zip["zip"] as? String == "75075")
        let near = await folio(["--json", "geo", "near", "20500", "--radius", "10mi"], home: home)
        let matches = try #require(try json(near) as? [[String: Any]])
        #expect(matches.count > 100)
        #expect(matches.first?["zip"] as? String == "20500")
        #expect(matches.allSatisfy { ($0["distance"] as? Double ?? .infinity) <= 16_093.44 })
        let text = await folio(["geo", "near", "Pentagon", "--radius", "1mi"], home: home)
        #expect(text.standardOutput.contains("22202"))
    }

    @Test func geocodesThroughTheCSVServiceRotatingKeys() async throws {
        let home = try TestContainer()
        let server = try LocalHTTPServer(routes: [
            "/geo?q=Plano&key=one": .init(body: "620,0,0,0"),
            "/geo?q=Plano&key=two": .init(body: "200,8,33.010003,-96.757923"),
        ])
        let run = await folio(
            [
                "--json", "geo", "geocode", "Plano", "--service",
                "http://127.0.0.1:\(server.port)/geo?q={query}&key={key}",
                "--key", "one", "--key", "two",
            ], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let place = try #require(try json(run) as? [String: Any])
        #expect(place["latitude"] as? Double == 33.010003)
        #expect(place["accuracy"] as? String == "address")
        #expect(server.requests == ["/geo?q=Plano&key=one", "/geo?q=Plano&key=two"])
    }

    @Test func watchPrintsTenUpdatesFromAnNMEALog() async throws {
        let home = try TestContainer()
        try home.plant("Documents/walk.nmea", NMEALogText.walk(count: 30))
        let run = await folio(["geo", "watch", "--nmea", "Documents/walk.nmea", "--count", "10"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.first?.hasPrefix("#1  2024-01-01T12:00:00.000Z  38.") == true)
        let filtered = await folio(
            ["--json", "geo", "watch", "--nmea", "Documents/walk.nmea", "--distance-filter", "20"], home: home)
        let updates = filtered.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        // 30 epochs just under 4 m apart (116 m): an update at the first 4 m step past each 20 m.
        #expect(updates.count == 5)
        let steps = updates.dropFirst().map { $0["distanceFromPrevious"] as? Double ?? 0 }
        #expect(steps.allSatisfy { $0 >= 20 && $0 < 24.5 }, "\(steps)")
    }

    @Test func recordsListsShowsExportsAndImportsATrack() async throws {
        let home = try TestContainer()
        try home.plant("Documents/walk.nmea", NMEALogText.walk(count: 30))
        let recorded = await folio(
            ["geo", "track", "record", "Walk", "--nmea", "Documents/walk.nmea", "--count", "12"], home: home)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        #expect(recorded.standardOutput.contains("recorded 12 movements into Walk"))
        let listed = await folio(["--json", "geo", "track", "list"], home: home)
        let tracks = try #require(try json(listed) as? [[String: Any]])
        #expect(tracks.map { $0["name"] as? String } == ["White House to the Pentagon", "Walk"])
        let shown = await folio(["--json", "geo", "track", "show", "Walk"], home: home)
        let detail = try #require(try json(shown) as? [String: Any])
        let movements = try #require(detail["movements"] as? [[String: Any]])
        #expect(movements.count == 12)
        #expect(movements[11]["time"] as? String == "2024-01-01T12:00:11.000Z")
        let exported = await folio(["geo", "track", "export", "Walk", "Documents/walk.gpx"], home: home)
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(home.read("Documents/walk.gpx")?.contains("<gpx version=\"1.1\" creator=\"Folio\"") == true)
        let again = await folio(["geo", "track", "export", "Walk", "Documents/walk.gpx"], home: home)
        #expect(again.status == 1)
        #expect(again.standardError.contains("alreadyExists"))
        let imported = await folio(
            ["geo", "track", "import", "Documents/walk.gpx", "--name", "Walk again"], home: home)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("imported Walk again: 12 movements"))
        let svg = await folio(["geo", "track", "show", "Walk again", "--svg"], home: home)
        #expect(svg.standardOutput.hasPrefix("<svg "))
        #expect(svg.standardOutput.contains("12 movements"))
    }

    @Test func aTrackIsRenamedAndDeletedOnlyWhenConfirmed() async throws {
        let home = try TestContainer()
        try home.plant(
            "Documents/walk.gpx",
            """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Walk</name><trkseg>
            <trkpt lat="1" lon="2"/></trkseg></trk></gpx>
            """)
        #expect(await folio(["geo", "track", "import", "Documents/walk.gpx"], home: home).status == 0)
        let renamed = await folio(["geo", "track", "rename", "Walk", "Dog walk"], home: home)
        #expect(renamed.status == 0, "\(renamed.standardError)")
        #expect(renamed.standardOutput == "Renamed to Dog walk: 1 movement in 1 segment, 0 m, times unknown\n")
        let missing = await folio(["geo", "track", "rename", "Walk", "Other"], home: home)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("there is no track of that name"))
        let unconfirmed = await folio(["geo", "track", "delete", "Dog walk"], home: home)
        #expect(unconfirmed.status == 1, "without a terminal to ask, nothing is deleted")
        #expect(unconfirmed.standardError.contains("pass --yes to confirm"))
        let deleted = await folio(["--json", "geo", "track", "delete", "Dog walk", "--yes"], home: home)
        #expect(deleted.status == 0, "\(deleted.standardError)")
        #expect((try json(deleted) as? [String: Any])?["name"] as? String == "Dog walk")
        let list = await folio(["geo", "track", "list"], home: home)
        #expect(list.status == 0)
        #expect(!list.standardOutput.contains("Dog walk"))
    }

    @Test func aTrackWithoutTimesIsImportedAndSaysItsTimesAreUnknown() async throws {
        let home = try TestContainer()
        try home.plant(
            "Documents/plan.gpx",
            """
            \u{FEFF}<?xml version="1.0"?><gpx xmlns="http://www.topografix.com/GPX/1/0">
            <wpt lat="38.8977" lon="-77.0365"><name>Start \u{1B}[31m</name></wpt>
            <trk><name>Plan</name><trkseg><trkpt lat="38.8977" lon="-77.0365"/></trkseg>
            <trkseg><trkpt lat="38.8970" lon="-77.0370"/><trkpt lat="38.8719" lon="-77.0563"/></trkseg></trk></gpx>
            """.replacingOccurrences(of: "\u{1B}", with: "&#x1B;"))
        let imported = await folio(["geo", "track", "import", "Documents/plan.gpx"], home: home)
        #expect(imported.status == 1, "a control character in a name is not XML")
        try home.plant(
            "Documents/plan.gpx",
            try #require(home.read("Documents/plan.gpx")).replacingOccurrences(of: " &#x1B;[31m", with: ""))
        let again = await folio(["geo", "track", "import", "Documents/plan.gpx"], home: home)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("imported plan waypoints (waypoints): 1 waypoint, times unknown"))
        #expect(again.standardOutput.contains("imported Plan: 3 movements in 2 segments"))
        let shown = await folio(["geo", "track", "show", "Plan"], home: home)
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.hasPrefix("Plan: 3 movements in 2 segments, "))
        #expect(shown.standardOutput.contains(", times unknown\n"))
        #expect(shown.standardOutput.contains(" unknown "))
        let json = try #require(
            try json(await folio(["--json", "geo", "track", "show", "Plan"], home: home)) as? [String: Any])
        let track = try #require(json["track"] as? [String: Any])
        #expect(track["timedMovements"] as? Int == 0)
        #expect(track["kind"] as? String == "track")
        #expect((json["movements"] as? [[String: Any]])?.allSatisfy { $0["time"] == nil } == true)
        let waypoints = await folio(["geo", "track", "show", "plan waypoints"], home: home)
        #expect(waypoints.standardOutput.contains("Start"))
        let list = await folio(["geo", "track", "list"], home: home)
        #expect(list.standardOutput.contains("waypoints"))
    }

    @Test func aTrackKeepsTheTimesItsFileGave() async throws {
        let home = try TestContainer()
        try home.plant(
            "Documents/run.gpx",
            """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><trkseg><trkpt lat="38.8977" lon="-77.0365"><time>2024-01-01T12:00:13.994Z</time></trkpt>
            <trkpt lat="38.8970" lon="-77.0370"><time>2024-01-01T12:00:15Z</time></trkpt></trkseg></trk></gpx>
            """)
        let imported = await folio(["geo", "track", "import", "Documents/run.gpx"], home: home)
        #expect(imported.status == 0, "\(imported.standardError)")
        let shown = await folio(["--json", "geo", "track", "show", "run"], home: home)
        let detail = try #require(try json(shown) as? [String: Any])
        let movements = try #require(detail["movements"] as? [[String: Any]])
        #expect(movements.map { $0["time"] as? String } == ["2024-01-01T12:00:13.994Z", "2024-01-01T12:00:15.000Z"])
        let track = try #require(detail["track"] as? [String: Any])
        #expect(track["start"] as? String == "2024-01-01T12:00:13.994Z")
        let text = await folio(["geo", "track", "show", "run"], home: home)
        #expect(text.standardOutput.contains("  2024-01-01T12:00:13.994Z  "), "\(text.standardOutput)")
        let gpx = await folio(["geo", "track", "show", "run", "--gpx"], home: home)
        #expect(gpx.standardOutput.contains("<time>2024-01-01T12:00:13.994Z</time>"))
        try home.plant(
            "Documents/drive.nmea",
            NMEALogText.checksummed("GPGGA,200619.30,3300.6002,N,09645.4754,W,1,08,0.9,200.0,M,-25.0,M,,") + "\r\n"
                + NMEALogText.checksummed("GPRMC,200619.30,A,3300.6002,N,09645.4754,W,0.5,90.0,200506,,,A") + "\r\n")
        let watched = await folio(["--json", "geo", "watch", "--nmea", "Documents/drive.nmea"], home: home)
        let update = try #require(try json(watched) as? [String: Any])
        #expect(update["time"] as? String == "2006-05-20T20:06:19.300Z")
    }

    @Test func theSampleTrackIsProvisioned() async throws {
        let home = try TestContainer()
        let run = await folio(["--json", "geo", "track", "show", "White House to the Pentagon"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let detail = try #require(try json(run) as? [String: Any])
        let track = try #require(detail["track"] as? [String: Any])
        #expect((track["movements"] as? Int ?? 0) > 500)
        #expect((track["meters"] as? Double ?? 0) > 4000)
    }

    @Test func importRefusesAFileOutsideTheHome() async throws {
        let home = try TestContainer()
        let run = await folio(["geo", "track", "import", "../outside.gpx"], home: home)
        #expect(run.status == 1)
        #expect(run.standardError.contains("outsideContainer") || run.standardError.contains("invalidPath"))
    }

    @Test func ctrlCStopsARecordingAndKeepsWhatItRecorded() async throws {
        let home = try TestContainer()
        let gpsd = try GPSFake(log: NMEALogText.walk(count: 600), cycle: 0.05)
        let output = home.directory.appending("record.out")
        let outputFD = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(outputFD) }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "FOLIO_HOME")
        let recording = try Subprocess(
            FolioBinary.path,
            ["--home", home.container.root, "geo", "track", "record", "Live", "--gpsd", "127.0.0.1:\(gpsd.port)"],
            environment: environment, standardOutput: outputFD)
        // Wait for the third movement on standard output (30 s at most), then press Ctrl-C.
        let deadline = Date().addingTimeInterval(30)
        while !(((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("\n#3  ")), Date() < deadline {
            usleep(20_000)
        }
        recording.kill(SIGINT)
        let status = recording.wait()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(text)")
        let summary = try #require(text.split(separator: "\n").last)
        #expect(summary.hasPrefix("recorded "))
        let printed = text.split(separator: "\n").filter { $0.hasPrefix("#") }.count
        #expect(printed >= 3)
        let shown = await folio(["--json", "geo", "track", "show", "Live"], home: home)
        let detail = try #require(try json(shown) as? [String: Any])
        #expect((detail["movements"] as? [[String: Any]])?.count == printed)
    }
}

/// NMEA logs for the command-line tests: a walk south from the White House, 4 m per second.
enum NMEALogText {
    static func walk(count: Int) -> String {
        (0..<count).map { index -> String in
            let seconds = index % 60
            let minutes = index / 60
            let time = String(format: "12%02d%02d.00", minutes, seconds)
            let minutesOfArc = 53.862 - Double(index) * 4 / 1852
            let latitude = String(format: "38%07.4f", minutesOfArc)
            let gga = "GPGGA,\(time),\(latitude),N,07702.1900,W,1,08,0.9,20.0,M,-33.0,M,,"
            let rmc = "GPRMC,\(time),A,\(latitude),N,07702.1900,W,7.8,180.0,010124,,,A"
            return checksummed(gga) + "\r\n" + checksummed(rmc) + "\r\n"
        }.joined()
    }

    static func checksummed(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        return "$\(body)*\(String(format: "%02X", sum))"
    }
}
