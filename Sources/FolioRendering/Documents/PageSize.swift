/// The size of a page in points (1/72 inch).
public struct PageSize: Sendable, Hashable, CustomStringConvertible {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A page of `width`×`height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ISO A4, 210×297 mm.
    public static let a4 = PageSize(width: 595.276, height: 841.89)
    /// US Letter, 8.5×11 in.
    public static let letter = PageSize(width: 612, height: 792)

    /// The paper named `name` (`a4`, `letter`, any case), or nil for another name.
    public init?(paperName name: String) {
        switch name.lowercased() {
        case "a4": self = .a4
        case "letter": self = .letter
        default: return nil
        }
    }

    /// The size in whole pixels when the longer side is `longerSide` pixels.
    func pixels(longerSide: Int) -> (width: Int, height: Int) {
        let scale = Double(longerSide) / max(width, height)
        return (max(1, Int((width * scale).rounded())), max(1, Int((height * scale).rounded())))
    }

    public var description: String { "\(width)×\(height) pt" }
}
