import FolioLocation
import FolioSandbox
import FolioServer
import FolioTestSupport
import Foundation
import Testing

@Suite struct GeoAPITests {
    func client() throws -> AppClient {
        let client = try AppClient()
        _ = try client.test.container.provisionDeclaredResources()
        return client
    }

    @Test func measuresTheChaptersDistanceFromTheWhiteHouseToThePentagon() throws {
        let reply = try client().send("GET", "/api/geo/distance?from=White%20House&to=Pentagon")
        #expect(reply.status == 200, "\(reply.text)")
        let meters = try #require(reply.object["meters"] as? Double)
        // The gazetteer's two landmarks, measured independently with GeographicLib's GeodSolve:
        // echo 38.8977 -77.0365 38.8719 -77.0563 | GeodSolve -i  →  3339.876 m.
        #expect(abs(meters - 3339.876) < 0.01)
        let from = try #require(reply.object["from"] as? [String: Any])
        #expect(from["zip"] as? String == "20500")
        #expect((reply.object["initialBearing"] as? Double).map { (210...212).contains($0) } == true)
    }

    @Test func measuresBetweenCoordinatesAndZipCodes() throws {
        let reply = try client().send("GET", "/api/geo/distance?from=40.0,-75.0&to=40.0,-75.0")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.object["meters"] as? Double == 0)
        let zips = try client().send("GET", "/api/geo/distance?from=75075&to=75093")
        #expect(zips.status == 200, "\(zips.text)")
        #expect(((zips.object["meters"] as? Double) ?? 0) > 1000)
    }

    @Test func reducesLongitudesUpTo540AsGeodSolveDoes() throws {
        let client = try client()
        let reply = client.send("GET", "/api/geo/distance?from=0,539&to=0,181")
        #expect(reply.status == 200, "\(reply.text)")
        // GeodSolve -i on 0 539 0 181: 90 90 222638.981587
        #expect(abs((reply.object["meters"] as? Double ?? 0) - 222_638.981_587) < 1e-6)
        let nearest = client.send("GET", "/api/geo/reverse?lat=38.8977&lon=-437.0365")
        #expect(nearest.status == 200, "\(nearest.text)")
        #expect(nearest.object["zip"] as? String == "20501")
        let beyond = client.send("GET", "/api/geo/reverse?lat=0&lon=541")
        #expect(beyond.status == 400)
        #expect(beyond.errorCode == "invalidCoordinate")
    }

    @Test func geocodesAZipCodeAndFindsTheNearestOne() throws {
        let client = try client()
        let place = client.send("GET", "/api/geo/geocode?q=75075")
        #expect(place.status == 200, "\(place.text)")
        #expect(place.object["zip"] as? String == "75075")
        #expect(place.object["accuracy"] as? String == "postal code")
        let latitude = try #require(place.object["latitude"] as? Double)
        let longitude = try #require(place.object["longitude"] as? Double)
        let nearest = client.send("GET", "/api/geo/reverse?lat=\(latitude)&lon=\(longitude)")
        #expect(nearest.status == 200, "\(nearest.text)")
        #expect(nearest.object["zip"] as? String == "75075")
        #expect(nearest.object["distance"] as? Double == 0)
    }

    @Test func aPointFarFromEveryZipCodeHasNothingNear() throws {
        let client = try client()
        let paris = client.send("GET", "/api/geo/reverse?lat=48.8566&lon=2.3522")
        #expect(paris.status == 404, "\(paris.text)")
        #expect(paris.errorCode == "notFound")
        #expect(paris.text.contains("no zip code is within 50.0 km"))
        let wider = client.send("GET", "/api/geo/reverse?lat=48.8566&lon=2.3522&radius=6000km")
        #expect(wider.status == 200, "\(wider.text)")
        #expect(wider.object["zip"] as? String == "04785")
        let bare = client.send("GET", "/api/geo/reverse?lat=48.8566&lon=2.3522&radius=6000")
        #expect(bare.status == 400)
        #expect(bare.text.contains("say the unit"))
    }

    @Test func aGPXFileIsImportedRenamedAndDeleted() throws {
        let client = try client()
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Dog walk</name><trkseg><trkpt lat="-41.2865" lon="174.7762"/>
            <trkpt lat="-41.2900" lon="174.7800"/></trkseg></trk></gpx>
            """
        let imported = client.send(
            "POST", "/api/tracks", body: Data(gpx.utf8), headers: ["Content-Type": "application/gpx+xml"])
        #expect(imported.status == 201, "\(imported.text)")
        let made = try #require((imported.json as? [[String: Any]])?.first)
        #expect(made["name"] as? String == "Dog walk")
        #expect(made["pointCount"] as? Int == 2)
        let id = try #require(made["id"] as? Int)
        let renamed = client.send("POST", "/api/tracks/\(id)/rename", body: Data(#"{"to":"Evening walk"}"#.utf8))
        #expect(renamed.status == 200, "\(renamed.text)")
        #expect(renamed.object["name"] as? String == "Evening walk")
        let again = client.send(
            "POST", "/api/tracks?name=Evening%20walk", body: Data(gpx.utf8),
            headers: ["Content-Type": "application/gpx+xml"])
        #expect(again.status == 409, "the name asked for is taken: \(again.text)")
        let taken = client.send(
            "POST", "/api/tracks/\(id)/rename", body: Data(#"{"to":"White House to the Pentagon"}"#.utf8))
        #expect(taken.status == 409)
        #expect(taken.errorCode == "alreadyExists")
        let deleted = client.send("DELETE", "/api/tracks/\(id)")
        #expect(deleted.status == 200, "\(deleted.text)")
        #expect(deleted.object["name"] as? String == "Evening walk")
        #expect(client.send("GET", "/api/tracks/\(id)").status == 404)
        #expect(client.send("DELETE", "/api/tracks/\(id)").status == 404)
        let names = (client.send("GET", "/api/tracks").json as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["White House to the Pentagon"])
    }

    @Test func anImportOfNothingOrOfSomethingElseIsABadRequest() throws {
        let client = try client()
        let empty = client.send("POST", "/api/tracks")
        #expect(empty.status == 400)
        let notXML = client.send("POST", "/api/tracks", body: Data("lat,lon\n1,2\n".utf8))
        #expect(notXML.status == 400, "\(notXML.text)")
        let noPoints = client.send("POST", "/api/tracks", body: Data(#"<gpx version="1.1"></gpx>"#.utf8))
        #expect(noPoints.status == 400, "\(noPoints.text)")
        #expect(noPoints.errorCode == "empty")
        let badID = client.send("DELETE", "/api/tracks/abc")
        #expect(badID.status == 400)
        let badName = client.send("POST", "/api/tracks/1/rename", body: Data(#"{"to":""}"#.utf8))
        #expect(badName.status == 400)
        #expect((client.send("GET", "/api/tracks").json as? [Any])?.count == 1, "nothing was stored")
    }

    @Test func badPlacesAreClearErrorsNotCoordinates() throws {
        let client = try client()
        let unknown = client.send("GET", "/api/geo/geocode?q=Nowhereville%20Flats")
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == "unknownAddress")
        #expect(unknown.object["latitude"] == nil)
        let missing = client.send("GET", "/api/geo/distance?from=Pentagon")
        #expect(missing.status == 400)
        #expect(missing.text.contains("to is required"))
        let outside = client.send("GET", "/api/geo/reverse?lat=91&lon=0")
        #expect(outside.status == 400)
        #expect(outside.errorCode == "invalidCoordinate")
        let notANumber = client.send("GET", "/api/geo/reverse?lat=north&lon=0")
        #expect(notANumber.status == 400)
    }

    @Test func listsTheRecordedTrackWithEveryMovementAndItsTime() throws {
        let client = try client()
        let list = client.send("GET", "/api/tracks")
        #expect(list.status == 200, "\(list.text)")
        let tracks = try #require(list.json as? [[String: Any]])
        let sample = try #require(tracks.first { $0["name"] as? String == "White House to the Pentagon" })
        let id = try #require(sample["id"] as? Int)
        let count = try #require(sample["pointCount"] as? Int)
        let detail = client.send("GET", "/api/tracks/\(id)")
        #expect(detail.status == 200)
        let movements = try #require(detail.object["movements"] as? [[String: Any]])
        #expect(movements.count == count)
        #expect(movements.first?["step"] == nil)
        #expect(movements.dropFirst().allSatisfy { $0["step"] is Double })
        #expect(movements.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
        let steps = movements.compactMap { $0["step"] as? Double }.reduce(0, +)
        let length = try #require(sample["distance"] as? Double)
        #expect(abs(steps - length) < 0.01)
    }

    @Test func drawsATrackAsSandboxedSVGAndExportsGPX() throws {
        let client = try client()
        let store = try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: client.test.container)
        let hostile = try store.createTrack(named: "<script>alert(1)</script>", source: nil)
        let start = LocationTime(nanosecondsSince1970: 1_700_000_000_123_456_000)
        for step in 0..<3 {
            let coordinate = Coordinate(latitude: 38.9 + Double(step) * 0.001, longitude: -77.0)
            try store.append(
                Location(coordinate: coordinate, horizontalAccuracy: 5, timestamp: start + .seconds(step * 10)),
                to: hostile)
        }
        let detail = client.send("GET", "/api/tracks/\(hostile.id)")
        let movements = try #require(detail.object["movements"] as? [[String: Any]])
        #expect(movements.first?["time"] as? String == "2023-11-14T22:13:20.123456Z")
        #expect((detail.object["track"] as? [String: Any])?["end"] as? String == "2023-11-14T22:13:40.123456Z")
        let svg = client.send("GET", "/api/tracks/\(hostile.id)/svg?width=400&height=300")
        #expect(svg.status == 200)
        #expect(svg.headers["Content-Type"] == "image/svg+xml")
        #expect(svg.headers["Content-Security-Policy"]?.hasPrefix("sandbox") == true)
        #expect(svg.text.hasPrefix("<svg"))
        #expect(!svg.text.contains("<script>"))
        #expect(svg.text.contains("&lt;script&gt;"))
        let gpx = client.send("GET", "/api/tracks/\(hostile.id)/gpx")
        #expect(gpx.status == 200)
        #expect(gpx.headers["Content-Disposition"]?.hasPrefix("attachment;") == true)
        #expect(gpx.text.components(separatedBy: "<trkpt").count == 4)
        #expect(client.send("GET", "/api/tracks/\(hostile.id)/svg?width=20").status == 400)
        #expect(client.send("GET", "/api/tracks/\(hostile.id + 1000)").status == 404)
        #expect(client.send("GET", "/api/tracks/first").status == 400)
    }

    @Test func aRouteWithoutTimesSaysSoAndKeepsItsPath() throws {
        let client = try client()
        let store = try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: client.test.container)
        let gpx = """
            <gpx version="1.0"><wpt lat="38.8977" lon="-77.0365"><name>White House</name></wpt>
            <rte><name>Plan</name><rtept lat="38.8977" lon="-77.0365"/><rtept lat="38.8719" lon="-77.0563"/></rte></gpx>
            """
        let imported = try store.importGPX(.text(gpx, name: "plan.gpx"))
        let route = try #require(imported.first { $0.kind == .route })
        let list = try #require(client.send("GET", "/api/tracks").json as? [[String: Any]])
        let listed = try #require(list.first { $0["name"] as? String == "Plan" })
        #expect(listed["kind"] as? String == "route")
        #expect(listed["timedPointCount"] as? Int == 0)
        #expect(listed["pointCount"] as? Int == 2)
        #expect(listed["start"] == nil)
        #expect((listed["distance"] as? Double ?? 0) > 3000)
        let waypoints = try #require(list.first { $0["kind"] as? String == "waypoints" })
        #expect(waypoints["name"] as? String == "plan waypoints")
        let detail = client.send("GET", "/api/tracks/\(route.id)")
        let movements = try #require(detail.object["movements"] as? [[String: Any]])
        #expect(movements.count == 2)
        #expect(movements.allSatisfy { $0["time"] == nil })
        #expect(movements.last?["step"] is Double)
        let svg = client.send("GET", "/api/tracks/\(route.id)/svg")
        #expect(svg.text.contains("2 points, times unknown"))
        let exported = client.send("GET", "/api/tracks/\(route.id)/gpx")
        #expect(exported.text.components(separatedBy: "<rtept").count == 3)
        let named = try #require(waypoints["id"] as? Int)
        let points = try #require(client.send("GET", "/api/tracks/\(named)").object["movements"] as? [[String: Any]])
        #expect(points.first?["name"] as? String == "White House")
    }
}
