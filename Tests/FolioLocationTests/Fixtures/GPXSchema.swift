import Foundation
import Testing

@testable import FolioLocation

/// Checks a GPX document against the rules of the GPX 1.1 schema that Folio's writer must keep:
/// the root's version, creator and namespace; the order of the children of gpx, trk, trkseg and
/// trkpt; latitude in -90…90 and longitude in -180…180 (180 excluded); decimal elevations; UTC
/// xsd:dateTime times. Extensions may hold anything.
enum GPXSchema {
    static let childOrder: [String: [String]] = [
        "gpx": ["metadata", "wpt", "rte", "trk", "extensions"],
        "metadata": ["name", "desc", "author", "copyright", "link", "time", "keywords", "bounds", "extensions"],
        "trk": ["name", "cmt", "desc", "src", "link", "number", "type", "extensions", "trkseg"],
        "trkseg": ["trkpt", "extensions"],
        "trkpt": [
            "ele", "time", "magvar", "geoidheight", "name", "cmt", "desc", "src", "link", "sym", "type", "fix", "sat",
            "hdop", "vdop", "pdop", "ageofdgpsdata", "dgpsid", "extensions",
        ],
    ]

    static func validate(_ text: String) throws {
        var remaining = Array(text.utf8)[...]
        let reader = XMLPullParser(
            ChunkReader(name: "gpx") { count in
                guard !remaining.isEmpty else { return nil }
                defer { remaining = remaining.dropFirst(count) }
                return Array(remaining.prefix(count))
            })
        var stack: [(name: String, lastChild: Int, text: String)] = []
        var extensionDepth = 0
        while let event = try reader.next() {
            switch event {
            case .start(let name, let attributes):
                if extensionDepth > 0 || name == "extensions" {
                    extensionDepth += 1
                    if let parent = stack.last, let order = childOrder[parent.name] {
                        let index = try #require(order.firstIndex(of: "extensions"))
                        try #require(index >= parent.lastChild, "extensions out of order in \(parent.name)")
                        stack[stack.count - 1].lastChild = index
                    }
                    continue
                }
                if stack.isEmpty {
                    try #require(name == "gpx")
                    try #require(attributes.contains { $0 == ("version", "1.1") }, "version is not 1.1")
                    try #require(attributes.contains { $0.0 == "creator" && !$0.1.isEmpty }, "no creator")
                    try #require(attributes.contains { $0 == ("xmlns", GPXReader.namespace) }, "wrong namespace")
                } else if let parent = stack.last, let order = childOrder[parent.name] {
                    let index = try #require(order.firstIndex(of: name), "<\(name)> is not allowed in <\(parent.name)>")
                    try #require(index >= parent.lastChild, "<\(name)> is out of order in <\(parent.name)>")
                    stack[stack.count - 1].lastChild = index
                }
                if name == "trkpt" || name == "wpt" {
                    let latitude = try #require(attributes.first { $0.0 == "lat" }.flatMap { Double($0.1) })
                    let longitude = try #require(attributes.first { $0.0 == "lon" }.flatMap { Double($0.1) })
                    try #require((-90...90).contains(latitude), "lat \(latitude)")
                    try #require(longitude >= -180 && longitude < 180, "lon \(longitude)")
                }
                stack.append((name, 0, ""))
            case .text(let value):
                if extensionDepth == 0, !stack.isEmpty { stack[stack.count - 1].text += value }
            case .end(let name):
                if extensionDepth > 0 {
                    extensionDepth -= 1
                    continue
                }
                let element = stack.removeLast()
                if name == "time" {
                    try #require(element.text.hasSuffix("Z"), "time \(element.text) is not UTC")
                    try #require(LocationTime(parsing: element.text) != nil, "time \(element.text)")
                }
                if name == "ele" {
                    try #require(Double(element.text) != nil, "ele \(element.text)")
                }
            }
        }
    }
}
