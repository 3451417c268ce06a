extension Drawing {
    /// The drawing editor's settings for the next shape: the tool, the colours, the fill and the
    /// line width, stored with the drawing so it opens again as it was left.
    public struct ToolSettings: Sendable, Hashable, Codable {
        /// The editor's name of the chosen tool (`line`, `rectangle`, `ellipse`, `freehand`,
        /// `text`, `select`); an editor that does not know the name keeps its default tool.
        public var tool: String
        /// The colour of outlines and text.
        public var strokeColor: Color
        /// The colour closed shapes are filled with when ``isFilled``.
        public var fillColor: Color
        /// Whether new closed shapes are filled.
        public var isFilled: Bool
        /// The width of outlines, in points.
        public var lineWidth: Double

        /// Tool settings.
        public init(tool: String, strokeColor: Color, fillColor: Color, isFilled: Bool, lineWidth: Double) {
            self.tool = tool
            self.strokeColor = strokeColor
            self.fillColor = fillColor
            self.isFilled = isFilled
            self.lineWidth = lineWidth
        }
    }
}
