import Foundation

/// The pixels of a PNG, decoded by Python's standard library (zlib and the PNG filters), so a
/// test reads what a viewer shows without trusting Folio's own encoder to read itself back.
public struct Raster: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// RGBA, 8 bits a channel, row by row.
    public let pixels: [UInt8]

    /// A pixel's red, green, blue and alpha.
    public struct Pixel: Hashable, Sendable, CustomStringConvertible {
        public var red, green, blue, alpha: UInt8
        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
        /// Whether the pixel is white (or near it) or fully transparent.
        public var isBlank: Bool { alpha == 0 || (red > 245 && green > 245 && blue > 245) }
        /// Whether the pixel is near `red`, `green`, `blue` (each within `tolerance`).
        public func isNear(_ red: Int, _ green: Int, _ blue: Int, tolerance: Int = 40) -> Bool {
            abs(Int(self.red) - red) <= tolerance && abs(Int(self.green) - green) <= tolerance
                && abs(Int(self.blue) - blue) <= tolerance
        }
    }

    /// The pixel at (`x`, `y`).
    public subscript(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "(\(x), \(y)) is outside \(width)×\(height)")
        let index = (y * width + x) * 4
        return Pixel(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
    }

    /// Whether some pixel of the rectangle is not blank.
    public func hasInk(x: Int, y: Int, width: Int, height: Int) -> Bool {
        for row in y..<(y + height) {
            for column in x..<(x + width) where !self[column, row].isBlank {
                return true
            }
        }
        return false
    }

    /// Decodes a PNG (8-bit grey, RGB or RGBA, not interlaced).
    public init(png: Data) throws {
        let directory = TemporaryDirectory(prefix: "folio-raster")
        let input = directory.appending("in.png")
        let output = directory.appending("out.rgba")
        try png.write(to: URL(fileURLWithPath: input))
        let run = try Subprocess.run("python3", ["-c", Raster.decoder, input, output])
        guard run.status == 0 else { throw PopplerFailure("the PNG cannot be decoded: \(run.error)") }
        let size = run.output.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard size.count == 2 else { throw PopplerFailure("the PNG decoder said \(run.output)") }
        width = size[0]
        height = size[1]
        pixels = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    private static let decoder = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
        position, idat = 8, b''
        while position < len(data):
            length, kind = struct.unpack('>I4s', data[position:position + 8])
            body = data[position + 8:position + 8 + length]
            if kind == b'IHDR':
                width, height, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT':
                idat += body
            position += 12 + length
        assert depth == 8 and interlace == 0 and color in (0, 2, 6), 'unsupported PNG'
        channels = {0: 1, 2: 3, 6: 4}[color]
        raw = zlib.decompress(idat)
        stride = width * channels
        rows, previous, offset = [], bytearray(stride), 0
        for _ in range(height):
            kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
            offset += 1 + stride
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                up = previous[i]
                corner = previous[i - channels] if i >= channels else 0
                if kind == 1: line[i] = (line[i] + left) & 255
                elif kind == 2: line[i] = (line[i] + up) & 255
                elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
                elif kind == 4:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
            rows.append(bytes(line))
            previous = line
        out = bytearray()
        for line in rows:
            for x in range(width):
                px = line[x * channels:(x + 1) * channels]
                out += bytes([px[0]] * 3 + [255]) if channels == 1 else px + b'\\xff' if channels == 3 else px
        open(sys.argv[2], 'wb').write(out)
        print(width, height)
        """
}
