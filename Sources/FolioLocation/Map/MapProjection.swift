import Foundation

/// Web Mercator scaled to fit a bounding box into a view of `width` × `height` points with a
/// margin, keeping the aspect ratio (north up).
struct MapProjection: Sendable {
    let width: Double
    let height: Double
    private let scale: Double
    private let offsetX: Double
    private let offsetY: Double

    /// A projection showing every coordinate in `coordinates`.
    init(fitting coordinates: [Coordinate], width: Double, height: Double, margin: Double) {
        self.width = width
        self.height = height
        let projected = coordinates.map(Self.mercator)
        var minX = projected.map(\.x).min() ?? 0
        var maxX = projected.map(\.x).max() ?? 0
        var minY = projected.map(\.y).min() ?? 0
        var maxY = projected.map(\.y).max() ?? 0
        // A single point or a very short track still gets a view about 200 m across.
        let minimumSpan = 200 / 6_378_137.0
        if maxX - minX < minimumSpan {
            minX -= minimumSpan / 2
            maxX += minimumSpan / 2
        }
        if maxY - minY < minimumSpan {
            minY -= minimumSpan / 2
            maxY += minimumSpan / 2
        }
        let usableWidth = width - 2 * margin
        let usableHeight = height - 2 * margin
        scale = min(usableWidth / (maxX - minX), usableHeight / (maxY - minY))
        offsetX = margin + (usableWidth - (maxX - minX) * scale) / 2 - minX * scale
        offsetY = margin + (usableHeight - (maxY - minY) * scale) / 2 + maxY * scale
    }

    /// Where `coordinate` is in the view (y grows downwards).
    func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let projected = Self.mercator(coordinate)
        return (projected.x * scale + offsetX, offsetY - projected.y * scale)
    }

    /// The coordinate at a point of the view.
    func coordinate(x: Double, y: Double) -> Coordinate {
        let projectedX = (x - offsetX) / scale
        let projectedY = (offsetY - y) / scale
        let latitude = (2 * atan(exp(projectedY)) - .pi / 2) * 180 / .pi
        return Coordinate(latitude: latitude, longitude: projectedX * 180 / .pi)
    }

    /// Spherical Mercator in radians (x = longitude, y = ln tan(π/4 + φ/2)), latitude clamped to
    /// ±85.05° as web maps do.
    private static func mercator(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let latitude = max(-85.051_128, min(85.051_128, coordinate.latitude)) * .pi / 180
        return (coordinate.longitude * .pi / 180, log(tan(.pi / 4 + latitude / 2)))
    }
}
