import FolioArchive

/// A drawing: what a `.dudeldoc` document holds — the drawables in the order they were drawn.
///
/// Drawings are archived with FolioArchive (a binary property list by default). A drawing has a
/// page (``pageSize``, 1024 × 768 points unless it says otherwise) and, once the editor saved them,
/// the tool settings it was last edited with. Both are optional in the stored form, so drawings
/// stored before them read as before, and a reader that does not know them ignores them.
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

    /// The page size of drawings that do not store one: 1024 × 768 points.
    public static let defaultPageSize = Size(width: 1024, height: 768)
    /// The sizes a page may have, in points, for its width and its height.
    public static let pageSizes: ClosedRange<Double> = 1...16_384

    /// The shapes, first drawn first.
    public var drawables: [Drawable]
    /// The size of the page the shapes are drawn on; no shape is saved beyond it (see
    /// ``keptOnPage()``).
    public var pageSize: Size
    /// The editor's tool settings last used on this drawing, restored when it is opened again;
    /// nil until they were first saved.
    public var toolSettings: ToolSettings?

    /// A drawing of `drawables` on a page of `pageSize`.
    public init(drawables: [Drawable] = [], pageSize: Size = Drawing.defaultPageSize, toolSettings: ToolSettings? = nil)
    {
        self.drawables = drawables
        self.pageSize = pageSize
        self.toolSettings = toolSettings
    }

    private enum CodingKeys: String, CodingKey {
        case drawables, pageSize, toolSettings
    }

    /// Decodes a drawing; one stored before drawings had a page size gets the default page.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a page size outside ``pageSizes``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        drawables = try container.decode([Drawable].self, forKey: .drawables)
        pageSize = try container.decodeIfPresent(Size.self, forKey: .pageSize) ?? Self.defaultPageSize
        guard Self.pageSizes.contains(pageSize.width), Self.pageSizes.contains(pageSize.height) else {
            throw DecodingError.dataCorruptedError(
                forKey: .pageSize, in: container,
                debugDescription:
                    "a page is 1 to 16384 points wide and high, not \(pageSize.width) × \(pageSize.height)")
        }
        toolSettings = try container.decodeIfPresent(ToolSettings.self, forKey: .toolSettings)
    }

    /// Encodes the drawables, the page size and, when set, the tool settings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(drawables, forKey: .drawables)
        try container.encode(pageSize, forKey: .pageSize)
        try container.encodeIfPresent(toolSettings, forKey: .toolSettings)
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

    /// A width and a height, in points.
    public struct Size: Sendable, Hashable, Codable {
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double

        /// A size.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
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
