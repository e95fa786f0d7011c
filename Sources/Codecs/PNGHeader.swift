internal import CCodecs

/// The fields of a PNG's `IHDR` chunk, read straight from the bytes (no libpng), so that the size
/// limits can refuse a huge image before any decoder state exists.
struct PNGHeader: Equatable {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var interlaced: Bool

    /// Parses the signature and the first chunk; `nil` unless it is a complete `IHDR` with a valid CRC.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 33, ImageFormat.sniff(bytes) == .png,
              Self.uint32(bytes, at: 8) == 13,
              Self.uint32(bytes, at: 12) == 0x4948_4452  // "IHDR"
        else { return nil }
        let crc = libdeflate_crc32(0, bytes.baseAddress! + 12, 17)
        guard crc == Self.uint32(bytes, at: 29) else { return nil }
        width = Int(Self.uint32(bytes, at: 16))
        height = Int(Self.uint32(bytes, at: 20))
        bitDepth = Int(bytes[24])
        colorType = Int(bytes[25])
        interlaced = bytes[28] != 0
    }

    static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
