/// The image of a cell: a name (such as `0.png`, from the chapter's example) and the symbol a
/// terminal shows in its place.
///
/// A terminal cannot draw a picture, so it shows ``symbol``: one character standing for the
/// image. Without one, a geometric shape is chosen from the name, so the same name always shows
/// the same shape and different names usually show different shapes. The HTML renderer shows the
/// symbol too, or a picture when it is given a way to find the image's address.
public struct CellImage: Hashable, Sendable, Codable {
    /// The image's name, e.g. `0.png`.
    public var name: String
    /// What a terminal shows: one character, two columns wide at most.
    public var symbol: String

    /// The shapes a name maps to when no symbol is given.
    public static let shapes: [String] = ["●", "■", "▲", "◆", "★", "▼", "◉", "⬟", "✚", "♥", "♣", "♠"]

    /// An image called `name`, shown on a terminal as `symbol`, or as a shape chosen from the name.
    public init(named name: String, symbol: String? = nil) {
        self.name = name
        if let symbol, !symbol.isEmpty {
            self.symbol = symbol
        } else {
            // FNV-1a: stable across runs and platforms, unlike `hashValue`.
            var hash: UInt32 = 2_166_136_261
            for byte in name.utf8 {
                hash = (hash ^ UInt32(byte)) &* 16_777_619
            }
            self.symbol = CellImage.shapes[Int(hash % UInt32(CellImage.shapes.count))]
        }
    }
}
