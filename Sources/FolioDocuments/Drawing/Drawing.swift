import FolioArchive

/// A drawing: what a `.dudeldoc` document holds — the drawables in the order they were drawn.
///
/// Drawings are archived with FolioArchive (a binary property list by default); editing and
/// rendering come with the drawing editor.
///
/// ```swift
/// var drawing = Drawing()
/// drawing.drawables.append(.line(Drawing.Line(from: Drawing.Point(x: 0, y: 0), to: Drawing.Point(x: 100, y: 50))))
/// try library.save(drawing, to: document.name, basedOn: document.version)
/// ```
public struct Drawing: Sendable, Hashable, Codable, Archivable {
    /// The stored type name.
    public static let archiveTypeName = "Drawing"
    /// The version of the stored form.
    public static let archiveVersion = 1

    /// The shapes, first drawn first.
    public var drawables: [Drawable]

    /// A drawing of `drawables`.
    public init(drawables: [Drawable] = []) {
        self.drawables = drawables
    }
}

extension Drawing {
    /// A point in the drawing's coordinates (points, origin at the top left).
    public struct Point: Sendable, Hashable, Codable {
        /// The horizontal position.
        public var x: Double
        /// The vertical position, growing downwards.
        public var y: Double

        /// A point.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A rectangle: its top-left corner and its size.
    public struct Rect: Sendable, Hashable, Codable {
        /// The top-left corner.
        public var origin: Point
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double

        /// A rectangle.
        public init(origin: Point, width: Double, height: Double) {
            self.origin = origin
            self.width = width
            self.height = height
        }
    }

    /// How a shape is painted: stroke colour, fill colour, line width.
    public struct Style: Sendable, Hashable, Codable {
        /// The colour of the outline, or nil for none.
        public var strokeColor: Color?
        /// The colour inside a closed shape, or nil for none.
        public var fillColor: Color?
        /// The width of the outline in points.
        public var lineWidth: Double

        /// A style; by default a black outline one point wide, not filled.
        public init(strokeColor: Color? = .black, fillColor: Color? = nil, lineWidth: Double = 1) {
            self.strokeColor = strokeColor
            self.fillColor = fillColor
            self.lineWidth = lineWidth
        }
    }
}
