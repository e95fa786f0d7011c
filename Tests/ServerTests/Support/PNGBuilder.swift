/// Builds PNG files byte by byte, with correct CRCs and an uncompressed (stored) zlib stream, so
/// tests can make valid images of any declared size — or a header that claims a size the data
/// does not have — without an encoder.
enum PNGBuilder {
    /// A valid 8-bit grayscale PNG of `width` × `height` black pixels.
    static func gray(width: Int, height: Int) -> [UInt8] {
        let row = [UInt8](repeating: 0, count: width + 1)  // filter byte 0, then the pixels
        let raw = (0..<height).flatMap { _ in row }
        return png(width: width, height: height, idat: zlibStored(raw))
    }

    /// A PNG whose IHDR declares `width` × `height` RGBA pixels but whose data is a few bytes: a
    /// decompression bomb as far as the header tells.
    static func claiming(width: Int, height: Int) -> [UInt8] {
        png(width: width, height: height, colorType: 6, idat: zlibStored([UInt8](repeating: 0, count: 64)))
    }

    private static func png(width: Int, height: Int, colorType: UInt8 = 0, idat: [UInt8]) -> [UInt8] {
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// CRC-32 as PNG chunks use it (ISO 3309, reflected, initial and final XOR 0xFFFFFFFF).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
