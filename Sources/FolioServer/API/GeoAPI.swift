import FolioHTTP
import FolioLocation
import FolioSandbox
import Foundation

/// `/api/geo/…` and `/api/tracks/…`: distances and places from the container's zip gazetteer, and
/// the recorded tracks with their movements, maps and GPX.
///
/// Both stores are opened for each request: they are small SQLite files in `Library/Database/`
/// that a `folio geo` command may be writing at the same time.
struct GeoAPI {
    let container: Container

    var routes: [Route] {
        [
            Route(
                .get, "/api/geo/distance",
                summary:
                    "The geodesic distance and bearings between two places (WGS84), found through the geocoding "
                    + "service set with folio settings geocoder, else the offline gazetteer",
                query: [
                    .init(
                        "from", "a place: LAT,LON, a zip code, a landmark, a town or an address ending in a zip code"),
                    .init("to", "the other place, in the same forms"),
                    .init("path", "1 adds points along the geodesic (at most 10 km apart) for a map to draw"),
                ]
            ) { try distance($0) },
            Route(
                .get, "/api/geo/geocode",
                summary: "Where a place is: from the configured geocoding service, else the offline zip gazetteer",
                query: [.init("q", "a zip code, landmark, town, address ending in a zip code, or LAT,LON")]
            ) { try geocode($0) },
            Route(
                .get, "/api/geo/reverse",
                summary:
                    "The zip code nearest to a coordinate within a radius (404 when none is), and how far its centroid is",
                query: [
                    .init("lat", "latitude in degrees"), .init("lon", "longitude in degrees"),
                    .init("radius", "how far to look, with its unit: 50km (the default), 10mi"),
                ]
            ) { try reverse($0) },
            Route(.get, "/api/tracks", summary: "The recorded tracks, oldest first") { _ in
                .json(try tracks().tracks())
            },
            Route(
                .post, "/api/tracks",
                summary: "Import a GPX file (the body): 201 with the tracks, routes and waypoints made from it",
                query: [.init("name", "the (first) track's name (default: the file's own)")],
                body: .file("application/gpx+xml")
            ) { try importGPX($0) },
            Route(
                .post, "/api/tracks/{id}/rename", summary: "Rename a track {to}; 409 when the name is taken",
                body: .json
            ) { request in
                let body: Rename = try DocumentsAPI.decode(request)
                return .json(try tracks().renameTrack(id: try GeoAPI.trackID(request), to: body.to))
            },
            Route(.delete, "/api/tracks/{id}", summary: "Delete a track and its movements, for good") { request in
                .json(try tracks().deleteTrack(id: try GeoAPI.trackID(request)))
            },
            Route(
                .get, "/api/tracks/{id}",
                summary: "A track and each of its movements with its time, position and accuracy"
            ) { try track($0) },
            Route(
                .get, "/api/tracks/{id}/svg",
                summary: "A track drawn as an SVG map: its path, each movement and a scale bar",
                query: [
                    .init("width", "pixels, 100…4000 (default 800)"), .init("height", "pixels, 100…4000 (default 600)"),
                ]
            ) { try map($0) },
            Route(.get, "/api/tracks/{id}/gpx", summary: "A track as a GPX 1.1 file") { try gpx($0) },
        ]
    }

    // MARK: Places

    private func distance(_ request: RouteRequest) throws -> HTTPResponse {
        let from = try GeoAPI.required(request, "from")
        let to = try GeoAPI.required(request, "to")
        let includingPath = request.query("path") == "1"
        if let geocoder = try configuredGeocoder() {
            let places = try GeoAPI.waiting { () throws(LocationError) in
                (try await geocoder.place(from), try await geocoder.place(to))
            }
            return .json(DistanceReport(from: places.0, to: places.1, includingPath: includingPath))
        }
        let gazetteer = try gazetteer()
        return .json(
            DistanceReport(
                from: try gazetteer.resolve(from), to: try gazetteer.resolve(to), includingPath: includingPath))
    }

    private func geocode(_ request: RouteRequest) throws -> HTTPResponse {
        let query = try GeoAPI.required(request, "q")
        if let geocoder = try configuredGeocoder() {
            return .json(
                PlacemarkReport(try GeoAPI.waiting { () throws(LocationError) in try await geocoder.place(query) }))
        }
        return .json(PlacemarkReport(try gazetteer().resolve(query)))
    }

    private func reverse(_ request: RouteRequest) throws -> HTTPResponse {
        let coordinate = try Coordinate(
            validatingLatitude: try GeoAPI.degrees(request, "lat"), longitude: try GeoAPI.degrees(request, "lon"))
        var radius = Gazetteer.nearbyRadius
        if let text = request.query("radius") {
            radius = try Distance(parsingWithUnit: text)
        }
        return .json(try gazetteer().nearest(to: coordinate, within: radius))
    }

    // MARK: Tracks

    private func track(_ request: RouteRequest) throws -> HTTPResponse {
        let store = try tracks()
        let track = try store.track(id: try GeoAPI.trackID(request))
        var movements: [MovementReport] = []
        movements.reserveCapacity(track.pointCount)
        var previous: (segment: Int, point: TrackPoint)?
        try store.forEachPoint(of: track) { segment, point in
            let step = previous.flatMap { $0.segment == segment ? point.distance(from: $0.point) : nil }
            movements.append(MovementReport(point, number: movements.count + 1, segment: segment + 1, step: step))
            previous = (segment, point)
        }
        return .json(Detail(track: track, movements: movements))
    }

    private func map(_ request: RouteRequest) throws -> HTTPResponse {
        let width = try GeoAPI.pixels(request, "width", default: 800)
        let height = try GeoAPI.pixels(request, "height", default: 600)
        let store = try tracks()
        let track = try store.track(id: try GeoAPI.trackID(request))
        let svg = TrackMap(title: track.name, width: Double(width), height: Double(height))
            .render(segments: try store.segments(of: track))
        var response = HTTPResponse.text(svg, contentType: "image/svg+xml")
        // The title is the user's text: the picture gets the policy of user content.
        response.headers.set("Content-Security-Policy", SecurityHeaders.userContentPolicy)
        return response
    }

    private func gpx(_ request: RouteRequest) throws -> HTTPResponse {
        let store = try tracks()
        let track = try store.track(id: try GeoAPI.trackID(request))
        var bytes = Data()
        try store.exportGPX(track) { bytes.append(contentsOf: $0) }
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/gpx+xml")
        headers.set("Content-Security-Policy", SecurityHeaders.userContentPolicy)
        headers.set(
            "Content-Disposition",
            "attachment; filename*=UTF-8''\(PercentEncoding.encodeComponent(track.name + ".gpx"))")
        return HTTPResponse(headers: headers, body: .bytes(bytes))
    }

    // MARK: Stores and parameters

    private func gazetteer() throws -> Gazetteer {
        try Gazetteer(try SandboxPath(parsing: Gazetteer.defaultPath), in: container)
    }

    private func tracks() throws -> TrackStore {
        try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: container)
    }

    private static func required(_ request: RouteRequest, _ name: String) throws -> String {
        guard let value = request.query(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            throw HTTPError.badRequest("the query parameter \(name) is required")
        }
        return value
    }

    private static func degrees(_ request: RouteRequest, _ name: String) throws -> Double {
        let text = try required(request, name)
        guard let value = Double(text), value.isFinite else {
            throw HTTPError.badRequest("\(name) must be a number of degrees, not \"\(text)\"")
        }
        return value
    }

    private static func pixels(_ request: RouteRequest, _ name: String, default fallback: Int) throws -> Int {
        guard let text = request.query(name) else { return fallback }
        guard let value = Int(text), (100...4000).contains(value) else {
            throw HTTPError.badRequest("\(name) must be a whole number of pixels from 100 to 4000, not \"\(text)\"")
        }
        return value
    }

    private static func trackID(_ request: RouteRequest) throws -> Int64 {
        let text = request.parameter("id")
        guard let id = Int64(text) else {
            throw HTTPError.badRequest("a track is named by its number (the id in /api/tracks), not \"\(text)\"")
        }
        return id
    }

    private func importGPX(_ request: RouteRequest) throws -> HTTPResponse {
        guard !request.body.isEmpty else {
            throw HTTPError.badRequest("the body is the GPX file to import, and it is empty")
        }
        let name = request.query("name")
        do {
            let imported = try tracks().importGPX(
                .bytes([UInt8](request.body), name: name.map { $0 + ".gpx" } ?? "upload.gpx"), name: name)
            return .json(imported, status: .created)
        } catch let error as LocationError where error.code == .empty {
            // Nothing to import is a problem with the file sent, not a missing resource.
            throw HTTPError(.badRequest, code: "empty", message: error.description)
        }
    }

    // MARK: Answers

    struct Rename: Decodable {
        var to: String
    }

    struct Detail: Encodable {
        var track: Track
        var movements: [MovementReport]
    }

}
