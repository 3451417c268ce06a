import FolioCore
import Foundation

/// Draws a track as an SVG map: the path of each segment, a dot per point with its time or name
/// (shown when the pointer rests on it), start and end markers, a graticule, a scale bar
/// measured along the ellipsoid, and a north arrow. Points without times still make the map;
/// it says their times are unknown.
///
/// ```swift
/// let svg = TrackMap(title: "Morning walk").render(segments: [points])
/// ```
public struct TrackMap: Sendable {
    /// The title drawn at the top.
    public var title: String
    /// The width of the image in pixels.
    public var width: Double
    /// The height of the image in pixels.
    public var height: Double
    /// Above this many points, movements are drawn as a path only, without a dot each.
    public var pointLimit: Int

    /// A map of `width` × `height` pixels.
    public init(title: String, width: Double = 800, height: Double = 600, pointLimit: Int = 5000) {
        self.title = title
        self.width = width
        self.height = height
        self.pointLimit = pointLimit
    }

    /// The SVG document for `segments` (each an ordered list of recorded locations).
    ///
    /// - Complexity: O(n) in the number of points.
    public func render(segments: [[Location]]) -> String {
        render(segments: segments.map { $0.map(TrackPoint.init) })
    }

    /// The SVG document for `segments` (each an ordered list of points).
    ///
    /// - Complexity: O(n) in the number of points.
    public func render(segments: [[TrackPoint]]) -> String {
        let all = segments.flatMap { $0 }
        let projection = MapProjection(
            fitting: all.map(\.coordinate), width: width, height: height, margin: 48)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.number(width))" height="\(Self.number(height))" \
            viewBox="0 0 \(Self.number(width)) \(Self.number(height))" role="img" aria-label="\(MarkupText.escaped(title))">
            <title>\(MarkupText.escaped(title))</title>
            <rect width="100%" height="100%" fill="#f4f1ea"/>

            """
        svg += graticule(projection)
        for segment in segments where !segment.isEmpty {
            let points = segment.map { location -> String in
                let point = projection.point(location.coordinate)
                return "\(Self.number(point.x)),\(Self.number(point.y))"
            }
            svg += "<polyline class=\"track\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"3\" "
            svg += "stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        if all.count <= pointLimit {
            svg += "<g class=\"movements\" fill=\"#ffffff\" stroke=\"#c0392b\" stroke-width=\"1.5\">\n"
            for (index, location) in all.enumerated() {
                let point = projection.point(location.coordinate)
                svg += "<circle cx=\"\(Self.number(point.x))\" cy=\"\(Self.number(point.y))\" r=\"3.5\">"
                let label = [location.name.map(MarkupText.escaped), location.time?.description]
                    .compactMap { $0 }.joined(separator: " ")
                svg += "<title>\(index + 1): \(label.isEmpty ? "" : label + " ")\(location.coordinate)</title>"
                svg += "</circle>\n"
            }
            svg += "</g>\n"
        }
        if let first = all.first, let last = all.last {
            svg += marker(projection.point(first.coordinate), color: "#27ae60", label: "Start", time: first.time)
            svg += marker(projection.point(last.coordinate), color: "#2c3e50", label: "End", time: last.time)
        }
        svg += scaleBar(projection)
        svg += northArrow()
        svg += "<text x=\"16\" y=\"28\" font-family=\"sans-serif\" font-size=\"18\" fill=\"#2c3e50\">"
        svg += "\(MarkupText.escaped(title))</text>\n"
        if !all.isEmpty {
            svg += "<text x=\"16\" y=\"\(Self.number(height - 14))\" font-family=\"sans-serif\" font-size=\"12\" "
            if let start = all.lazy.compactMap(\.time).first, let end = all.reversed().lazy.compactMap(\.time).first {
                svg += "fill=\"#555\">\(all.count) movements, \(start) – \(end)</text>\n"
            } else {
                svg += "fill=\"#555\">\(all.count) points, times unknown</text>\n"
            }
        }
        return svg + "</svg>\n"
    }

    private func marker(_ point: (x: Double, y: Double), color: String, label: String, time: LocationTime?) -> String {
        "<circle class=\"\(label.lowercased())\" cx=\"\(Self.number(point.x))\" cy=\"\(Self.number(point.y))\" r=\"7\" "
            + "fill=\"\(color)\" stroke=\"#fff\" stroke-width=\"2\"><title>\(label): \(time?.description ?? "time unknown")"
            + "</title></circle>\n"
    }

    /// Lines of latitude and longitude at round intervals, about five across.
    private func graticule(_ projection: MapProjection) -> String {
        let northWest = projection.coordinate(x: 0, y: 0)
        let southEast = projection.coordinate(x: width, y: height)
        let span = max(southEast.longitude - northWest.longitude, northWest.latitude - southEast.latitude)
        let step = Self.roundStep(span / 5)
        var svg = "<g class=\"graticule\" stroke=\"#d8d2c4\" stroke-width=\"1\">\n"
        var longitude = (northWest.longitude / step).rounded(.up) * step
        while longitude <= southEast.longitude {
            let x = projection.point(Coordinate(latitude: northWest.latitude, longitude: longitude)).x
            svg += "<line x1=\"\(Self.number(x))\" y1=\"0\" x2=\"\(Self.number(x))\" y2=\"\(Self.number(height))\"/>\n"
            longitude += step
        }
        var latitude = (southEast.latitude / step).rounded(.up) * step
        while latitude <= northWest.latitude {
            let y = projection.point(Coordinate(latitude: latitude, longitude: northWest.longitude)).y
            svg += "<line x1=\"0\" y1=\"\(Self.number(y))\" x2=\"\(Self.number(width))\" y2=\"\(Self.number(y))\"/>\n"
            latitude += step
        }
        return svg + "</g>\n"
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ metres) about a fifth of the width, measured along
    /// the ellipsoid at the bottom of the map.
    private func scaleBar(_ projection: MapProjection) -> String {
        let y = height - 40
        let left = projection.coordinate(x: 16, y: y)
        let right = projection.coordinate(x: 16 + width / 5, y: y)
        let metresPerPixel = left.distance(to: right) / (width / 5)
        let length = ScaleBar.roundLength(metresPerPixel * width / 5)
        let pixels = length / metresPerPixel
        var svg = "<g class=\"scale\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#2c3e50\">\n"
        svg +=
            "<rect x=\"16\" y=\"\(Self.number(y))\" width=\"\(Self.number(pixels))\" height=\"6\" fill=\"#2c3e50\"/>\n"
        svg += "<rect x=\"16\" y=\"\(Self.number(y))\" width=\"\(Self.number(pixels / 2))\" height=\"6\" fill=\"#fff\" "
        svg += "stroke=\"#2c3e50\"/>\n"
        svg += "<text x=\"\(Self.number(16 + pixels + 6))\" y=\"\(Self.number(y + 7))\">"
        svg += "\(ScaleBar.label(length))</text>\n</g>\n"
        return svg
    }

    private func northArrow() -> String {
        let x = width - 32
        return "<g class=\"north\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#2c3e50\">"
            + "<path d=\"M\(Self.number(x)) 40 l-8 20 l8 -5 l8 5 z\"/>"
            + "<text x=\"\(Self.number(x))\" y=\"34\" text-anchor=\"middle\">N</text></g>\n"
    }

    /// 1, 2 or 5 × 10ⁿ degrees, the largest not above `value`.
    private static func roundStep(_ value: Double) -> Double {
        ScaleBar.roundLength(max(value, 1e-6))
    }

    static func number(_ value: Double) -> String {
        Coordinate.decimal(value, places: 1)
    }
}

/// Round lengths for scale bars.
enum ScaleBar {
    /// The largest 1, 2 or 5 × 10ⁿ not above `value`.
    static func roundLength(_ value: Double) -> Double {
        let power = pow(10, floor(log10(value)))
        let leading = value / power
        return (leading >= 5 ? 5 : leading >= 2 ? 2 : 1) * power
    }

    /// `500 m`, `2 km`.
    static func label(_ metres: Double) -> String {
        metres >= 1000
            ? "\(Coordinate.decimal(metres / 1000, places: 0)) km"
            : "\(Coordinate.decimal(metres, places: 0)) m"
    }
}
