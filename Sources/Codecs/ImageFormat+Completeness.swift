internal import CCodecs

extension ImageFormat {
    /// A cheap check that encoded bytes are a whole image of their format, for passing bytes
    /// through without decoding them: every PNG chunk with a matching CRC up to `IEND`, with image
    /// data (`IDAT`) before it; a JPEG
    /// from its start marker to its end marker; a WebP whose RIFF length is the byte count. It does
    /// not prove the pixels decode, but it catches what a network does to images (truncation,
    /// junk appended or spliced in).
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        switch sniff(bytes) {
        case .png: return pngChunksAreWhole(bytes)
        case .jpeg:
            let end = bytes.lastIndex { $0 != 0 } ?? 0  // some encoders pad after the end marker
            return end >= 3 && bytes[end - 1] == 0xFF && bytes[end] == 0xD9
        case .webp:
            guard bytes.count >= 12 else { return false }
            let length = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            return length + 8 == bytes.count || length + 9 == bytes.count  // RIFF pads odd sizes
        case nil: return false
        }
    }

    private static func pngChunksAreWhole(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 8, sawImageData = false
            while offset + 12 <= buffer.count {
                let length = Int(buffer[offset]) << 24 | Int(buffer[offset + 1]) << 16 | Int(buffer[offset + 2]) << 8 | Int(buffer[offset + 3])
                guard length <= buffer.count - offset - 12 else { return false }
                let crcOffset = offset + 8 + length
                let stored = UInt32(buffer[crcOffset]) << 24 | UInt32(buffer[crcOffset + 1]) << 16
                    | UInt32(buffer[crcOffset + 2]) << 8 | UInt32(buffer[crcOffset + 3])
                guard UInt32(libdeflate_crc32(0, buffer.baseAddress! + offset + 4, 4 + length)) == stored else { return false }
                let type = (buffer[offset + 4], buffer[offset + 5], buffer[offset + 6], buffer[offset + 7])
                offset = crcOffset + 4
                if type == (0x49, 0x44, 0x41, 0x54) { sawImageData = true }        // IDAT
                if type == (0x49, 0x45, 0x4E, 0x44) { return sawImageData }        // IEND
            }
            return false
        }
    }
}
