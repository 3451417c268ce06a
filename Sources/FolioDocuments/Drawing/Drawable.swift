/// One shape of a ``Drawing``: a line, a rectangle, an ellipse, a freehand path, or text.
///
/// Stored with a `shape` field naming the case, next to the shape's own fields:
/// `{"shape": "line", "from": {…}, "to": {…}, "style": {…}}`.
public enum Drawable: Sendable, Hashable, Codable {
    /// A straight line.
    case line(Drawing.Line)
    /// A rectangle.
    case rectangle(Drawing.Rectangle)
    /// An ellipse inside a rectangle.
    case ellipse(Drawing.Ellipse)
    /// A path drawn by hand, point by point.
    case freehand(Drawing.FreehandPath)
    /// Text at a point.
    case text(Drawing.Text)

    /// How the shape is painted.
    public var style: Drawing.Style {
        switch self {
        case .line(let line): line.style
        case .rectangle(let rectangle): rectangle.style
        case .ellipse(let ellipse): ellipse.style
        case .freehand(let path): path.style
        case .text(let text): text.style
        }
    }

    private enum Shape: String, Codable {
        case line, rectangle, ellipse, freehand, text
    }

    private enum CodingKeys: String, CodingKey {
        case shape
    }

    /// Decodes a shape by its `shape` field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Shape.self, forKey: .shape) {
        case .line: self = .line(try Drawing.Line(from: decoder))
        case .rectangle: self = .rectangle(try Drawing.Rectangle(from: decoder))
        case .ellipse: self = .ellipse(try Drawing.Ellipse(from: decoder))
        case .freehand: self = .freehand(try Drawing.FreehandPath(from: decoder))
        case .text: self = .text(try Drawing.Text(from: decoder))
        }
    }

    /// Encodes the shape's fields with a `shape` field naming it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .line(let line):
            try container.encode(Shape.line, forKey: .shape)
            try line.encode(to: encoder)
        case .rectangle(let rectangle):
            try container.encode(Shape.rectangle, forKey: .shape)
            try rectangle.encode(to: encoder)
        case .ellipse(let ellipse):
            try container.encode(Shape.ellipse, forKey: .shape)
            try ellipse.encode(to: encoder)
        case .freehand(let path):
            try container.encode(Shape.freehand, forKey: .shape)
            try path.encode(to: encoder)
        case .text(let text):
            try container.encode(Shape.text, forKey: .shape)
            try text.encode(to: encoder)
        }
    }
}
