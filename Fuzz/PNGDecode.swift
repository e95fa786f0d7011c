import Codecs

/// Fuzz target `PNGDecode`: `ImageDecoder.decode` (the libpng shim and Cairn's header checks) on
/// PNG bytes. Every chunk's CRC is recomputed before decoding, so that mutations reach the decoder
/// instead of dying at the first checksum; the input as given is decoded too.
///
/// Seeds: Tests/Fixtures/pngsuite Tests/Fixtures/tiles
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        FuzzImage.decode(input.bytes)
        FuzzImage.decode(PNGChunks.withFixedCRCs(input.bytes))
    }
}

/// Rewrites the CRC of every whole chunk after the signature.
enum PNGChunks {
    static func withFixedCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes, offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { break }
            let crc = crc32(bytes[offset + 4..<offset + 8 + length])
            for index in 0..<4 { bytes[offset + 8 + length + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
            offset += 12 + length
        }
        return bytes
    }

    private static let table: [UInt32] = (0..<256).map { (n: UInt32) in
        (0..<8).reduce(n) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
