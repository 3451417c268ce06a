extension Drawing {
    /// A straight line between two points.
    public struct Line: Sendable, Hashable, Codable {
        /// Where it starts.
        public var from: Point
        /// Where it ends.
        public var to: Point
        /// How it is painted (only the stroke matters).
        public var style: Style

        /// A line.
        public init(from: Point, to: Point, style: Style = Style()) {
            self.from = from
            self.to = to
            self.style = style
        }
    }

    /// A rectangle, outlined and filled by its style.
    public struct Rectangle: Sendable, Hashable, Codable {
        /// Where it is.
        public var frame: Rect
        /// How it is painted.
        public var style: Style

        /// A rectangle.
        public init(frame: Rect, style: Style = Style()) {
            self.frame = frame
            self.style = style
        }
    }

    /// An ellipse that fills a rectangle.
    public struct Ellipse: Sendable, Hashable, Codable {
        /// The rectangle the ellipse fits in.
        public var frame: Rect
        /// How it is painted.
        public var style: Style

        /// An ellipse.
        public init(frame: Rect, style: Style = Style()) {
            self.frame = frame
            self.style = style
        }
    }

    /// A path drawn by hand: the points in the order the pencil passed them.
    public struct FreehandPath: Sendable, Hashable, Codable {
        /// The points, joined by straight segments.
        public var points: [Point]
        /// How it is painted (filled only if closed by the renderer).
        public var style: Style

        /// A freehand path.
        public init(points: [Point], style: Style = Style()) {
            self.points = points
            self.style = style
        }
    }

    /// Text placed in a rectangle.
    public struct Text: Sendable, Hashable, Codable {
        /// The text.
        public var string: String
        /// Where it is laid out.
        public var frame: Rect
        /// The font size in points.
        public var fontSize: Double
        /// How it is painted (the fill colour colours the letters).
        public var style: Style

        /// A text.
        public init(
            string: String, frame: Rect, fontSize: Double = 24,
            style: Style = Style(strokeColor: nil, fillColor: .black)
        ) {
            self.string = string
            self.frame = frame
            self.fontSize = fontSize
            self.style = style
        }
    }
}
