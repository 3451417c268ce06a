import Foundation

/// Images made by hand to attack a decoder.
enum HostileImages {
    /// A PNG with a valid signature and IHDR chunk claiming `width`×`height` RGB pixels, then a
    /// tiny IDAT and IEND: all a decoder reads before it allocates for the pixels.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(contentsOf: bigEndian(width))
        header.append(contentsOf: bigEndian(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB, deflate, no filter, no interlace
        png.append(chunk("IHDR", header))
        // A zlib stream of one empty stored block.
        png.append(chunk("IDAT", Data([0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01])))
        png.append(chunk("IEND", Data()))
        return png
    }

    static func chunk(_ type: String, _ data: Data) -> Data {
        var chunk = Data(bigEndian(UInt32(data.count)))
        let body = Data(type.utf8) + data
        chunk.append(body)
        chunk.append(contentsOf: bigEndian(crc32(body)))
        return chunk
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
