import FolioXML
import Foundation
import Testing

@testable import FolioLocation

@Suite struct TrackMapTests {
    static let walk = GPXWriterTests.locations(30)

    @Test func drawsThePathEachMovementWithItsTimeAndAScale() throws {
        let svg = TrackMap(title: "White House <walk>").render(segments: [Self.walk])
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("<title>White House &lt;walk&gt;</title>"))
        #expect(svg.components(separatedBy: "<polyline").count == 2)
        #expect(svg.components(separatedBy: "<circle cx").count == 31)
        #expect(svg.contains("<title>1: 2024-01-01T12:00:00.500Z 38.897700,-77.036500</title>"))
        #expect(svg.contains("class=\"start\""))
        #expect(svg.contains("class=\"end\""))
        #expect(svg.contains("30 movements"))
        // The scale bar's label is a round distance.
        let label = try #require(svg.firstMatch(of: /<text x="[0-9.]+" y="[0-9.]+">([0-9]+) (m|km)<\/text>/))
        #expect(["1", "2", "5", "10", "20", "50", "100", "200", "500"].contains(String(label.1)))
        try XMLCheck.wellFormed(svg)
    }

    @Test func aTitleWithMarkupCharactersIsEscapedInEveryPlace() throws {
        let svg = TrackMap(title: #"<&"'>"#).render(segments: [Self.walk])
        #expect(svg.contains("<title>&lt;&amp;&quot;&#39;&gt;</title>"))
        #expect(svg.contains(#"aria-label="&lt;&amp;&quot;&#39;&gt;""#))
        #expect(!svg.contains(#"<&"'>"#))
        try XMLCheck.wellFormed(svg)
    }

    @Test func keepsEveryPointInsideTheView() throws {
        let svg = TrackMap(title: "t", width: 400, height: 300).render(segments: [Self.walk])
        let points = try #require(svg.firstMatch(of: /points="([^"]+)"/))
        for pair in points.1.split(separator: " ") {
            let values = pair.split(separator: ",").compactMap { Double($0) }
            #expect(values.count == 2)
            #expect(values[0] >= 0 && values[0] <= 400 && values[1] >= 0 && values[1] <= 300)
        }
    }

    @Test func scaleBarLengthsAreRound() {
        #expect(ScaleBar.roundLength(730) == 500)
        #expect(ScaleBar.roundLength(2900) == 2000)
        #expect(ScaleBar.roundLength(99) == 50)
        #expect(ScaleBar.label(2000) == "2 km")
        #expect(ScaleBar.label(500) == "500 m")
    }

    @Test func aSinglePointStillMakesAMap() throws {
        let svg = TrackMap(title: "one").render(segments: [[Self.walk[0]]])
        #expect(svg.contains("1 movements") || svg.contains("1 movement"))
        try XMLCheck.wellFormed(svg)
    }

    @Test func aPathWithoutTimesStillMakesAMapThatSaysSo() throws {
        let points = Self.walk.map { TrackPoint(coordinate: $0.coordinate, name: "P <1>") }
        let svg = TrackMap(title: "route").render(segments: [points])
        #expect(svg.contains("<polyline class=\"track\""))
        #expect(svg.contains("\(points.count) points, times unknown"))
        #expect(svg.contains("Start: time unknown"))
        #expect(svg.contains("P &lt;1&gt;"))
        try XMLCheck.wellFormed(svg)
    }
}

/// Parses a document with libxml2 (FolioXML) to check it is well-formed.
enum XMLCheck {
    static func wellFormed(_ text: String) throws {
        _ = try XMLDocument(parsing: Array(text.utf8), name: "svg")
    }
}
