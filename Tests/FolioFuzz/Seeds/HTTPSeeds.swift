/// Requests to `folio serve` that reach each part of the API: listings, downloads with ranges,
/// tables of every format, database queries, documents, uploads (plain and chunked), attribute
/// changes, geodesy and track imports. `{PORT}` stands for the server's port.
enum HTTPSeeds {
    static func requests(corpus: SeedCorpus) -> [Seed] {
        let token = HTTPTarget.token
        func request(_ name: String, _ method: String, _ target: String, headers: [String] = [], body: [UInt8] = [])
            -> Seed
        {
            var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nCookie: folio_token=\(token)\r\n"
            if method != "GET" { head += "X-Folio-Request: 1\r\n" }
            for header in headers { head += header + "\r\n" }
            if !body.isEmpty && !headers.contains(where: { $0.hasPrefix("Transfer-Encoding") }) {
                head += "Content-Length: \(body.count)\r\n"
            }
            head += "Connection: close\r\n\r\n"
            return Seed(name: name, bytes: Array(head.utf8) + body)
        }
        let csv = Array("name,role\nHomer,\"Father, of course\"\nMarge,Mother\n".utf8)
        let gpx =
            corpus.corpusFiles("gpx", suffixes: [".gpx"], count: 1, limit: 1 << 13).first?.bytes
            ?? Array("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>".utf8)
        let chunked = Array("5\r\nname,\r\n9\r\nrole\nA,B\n\r\n0\r\n\r\n".utf8)
        return [
            request("info", "GET", "/api/info"),
            request("root with token", "GET", "/?token=\(token)"),
            request("listing", "GET", "/api/files/Documents?offset=0&limit=10"),
            request(
                "download with ranges", "GET", "/api/files/Folio.app/Samples/simpsons.csv?raw=1",
                headers: ["Range: bytes=0-10,20-"]),
            request("table csv", "GET", "/api/tables/Folio.app/Samples/simpsons.csv?sections=section&style=subtitle"),
            request(
                "table xpath", "GET",
                "/api/tables/Folio.app/Samples/white-house-to-pentagon.gpx?xpath=//*%5Blocal-name()='trkpt'%5D&columns=@lat,@lon"
            ),
            request(
                "db query", "POST", "/api/db/Folio.app/financial.db/query", headers: ["Content-Type: application/json"],
                body: Array(
                    #"{"sql":"SELECT * FROM stocks WHERE id > ? AND symbol <> ?","params":[1,"X",{"base64":"AAE="}]}"#
                        .utf8)),
            request("db rows", "GET", "/api/db/Folio.app/financial.db/tables/stocks/rows?offset=0&limit=10"),
            request("db tables", "GET", "/api/db/Folio.app/Samples/tracks.db/tables"),
            request(
                "new document", "POST", "/api/documents", headers: ["Content-Type: application/json"],
                body: Array(#"{"kind":"note"}"#.utf8)),
            request("documents", "GET", "/api/documents?offset=0&limit=10&sort=date"),
            request("current", "GET", "/api/current"),
            request(
                "upload", "PUT", "/api/files/Documents/upload.csv?ifExists=replace",
                headers: ["Content-Type: text/csv"],
                body: csv),
            request(
                "chunked upload", "PUT", "/api/files/Documents/chunked.csv?ifExists=keepBoth",
                headers: ["Transfer-Encoding: chunked"], body: chunked),
            request(
                "attributes", "PATCH", "/api/files/Documents/upload.csv", headers: ["Content-Type: application/json"],
                body: Array(#"{"mode":"0644","hideExtension":true}"#.utf8)),
            request("make directory", "POST", "/api/files/Documents/folder?mkdir=1"),
            request("distance", "GET", "/api/geo/distance?from=38.8977,-77.0365&to=-41.32,174.81"),
            request(
                "track import", "POST", "/api/tracks", headers: ["Content-Type: application/gpx+xml"], body: gpx),
            request("tracks", "GET", "/api/tracks"),
            request(
                "rename", "POST", "/api/documents/missing.txt/rename", headers: ["Content-Type: application/json"],
                body: Array(#"{"to":"renamed"}"#.utf8)),
            request("trash", "GET", "/api/trash"),
            request("openapi", "GET", "/api/openapi.json"),
            request("search", "GET", "/api/search?q=Homer&limit=5"),
            request("asset", "GET", "/app.js"),
        ]
    }
}
