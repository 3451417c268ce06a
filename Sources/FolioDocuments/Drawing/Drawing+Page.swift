extension Drawing {
    /// The drawing with every shape on its page: what the library saves.
    ///
    /// A shape drawn partly in the margin around the page keeps the part on the page: a line is
    /// clipped to the page (its direction kept), the points of a freehand path and the corners of
    /// rectangles, ellipses and text frames are clamped to the page's edges (a frame drawn from
    /// right to left is turned the right way round first). A coordinate that is not a finite number
    /// becomes 0. A drawing already on its page comes back unchanged.
    ///
    /// - Complexity: O(*n*) in the number of points.
    public func keptOnPage() -> Drawing {
        var drawing = self
        drawing.drawables = drawables.map { $0.kept(on: pageSize) }
        return drawing
    }
}

extension Drawable {
    fileprivate func kept(on page: Drawing.Size) -> Drawable {
        switch self {
        case .line(var line):
            (line.from, line.to) = Drawing.Point.clip(from: line.from, to: line.to, to: page)
            return .line(line)
        case .rectangle(var rectangle):
            rectangle.frame = rectangle.frame.kept(on: page)
            return .rectangle(rectangle)
        case .ellipse(var ellipse):
            ellipse.frame = ellipse.frame.kept(on: page)
            return .ellipse(ellipse)
        case .freehand(var path):
            path.points = path.points.map { $0.kept(on: page) }
            return .freehand(path)
        case .text(var text):
            text.frame = text.frame.kept(on: page)
            return .text(text)
        }
    }
}

extension Drawing.Point {
    fileprivate func kept(on page: Drawing.Size) -> Drawing.Point {
        Drawing.Point(x: Self.clamp(x, to: page.width), y: Self.clamp(y, to: page.height))
    }

    private static func clamp(_ value: Double, to limit: Double) -> Double {
        guard value.isFinite else { return 0 }
        return Swift.min(Swift.max(value, 0), limit)
    }

    /// The part of the segment from `start` to `end` on the page (Liang–Barsky); a segment that
    /// misses the page altogether has its ends clamped to the page's edges.
    fileprivate static func clip(from start: Self, to end: Self, to page: Drawing.Size) -> (Self, Self) {
        let start = start.finite
        let end = end.finite
        let dx = end.x - start.x
        let dy = end.y - start.y
        var entry = 0.0
        var exit = 1.0
        let edges = [(-dx, start.x), (dx, page.width - start.x), (-dy, start.y), (dy, page.height - start.y)]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return (start.kept(on: page), end.kept(on: page)) }
                continue
            }
            let t = q / p
            if p < 0 {
                entry = Swift.max(entry, t)
            } else {
                exit = Swift.min(exit, t)
            }
        }
        guard entry <= exit, (entry + exit).isFinite else { return (start.kept(on: page), end.kept(on: page)) }
        let clippedStart = entry > 0 ? Drawing.Point(x: start.x + entry * dx, y: start.y + entry * dy) : start
        let clippedEnd = exit < 1 ? Drawing.Point(x: start.x + exit * dx, y: start.y + exit * dy) : end
        // Rounding can leave a clipped end a hair outside: clamp what the arithmetic gave.
        return (clippedStart.kept(on: page), clippedEnd.kept(on: page))
    }

    private var finite: Self {
        Drawing.Point(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0)
    }
}

extension Drawing.Rect {
    fileprivate func kept(on page: Drawing.Size) -> Drawing.Rect {
        // A frame on the page stays exactly as it is (recomputing its size could round it).
        if origin.x >= 0, origin.y >= 0, width >= 0, height >= 0, origin.x + width <= page.width,
            origin.y + height <= page.height
        {
            return self
        }
        let corner = Drawing.Point(x: origin.x + width, y: origin.y + height)
        let first = origin.kept(on: page)
        let second = corner.kept(on: page)
        let left = Swift.min(first.x, second.x)
        let top = Swift.min(first.y, second.y)
        return Drawing.Rect(
            origin: Drawing.Point(x: left, y: top), width: Swift.max(first.x, second.x) - left,
            height: Swift.max(first.y, second.y) - top)
    }
}
