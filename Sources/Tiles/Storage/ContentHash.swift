/// A 128-bit hash of a tile's bytes, for finding identical tiles (a region's sea is one tile
/// stored once) and telling merged inputs apart: two independent 64-bit lanes over 8-byte words,
/// each finished with MurmurHash3's mixer. Not cryptographic; at 2^-128 per pair, accidental
/// collisions do not happen.
public struct ContentHash: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    public init(_ bytes: [UInt8]) {
        var a: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var b: UInt64 = 0x1319_8A2E_0370_7344 &+ UInt64(bytes.count)
        bytes.withUnsafeBytes { buffer in
            let words = buffer.count / 8
            for index in 0..<words {
                let word = buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                a = (a ^ word) &* 0x9E37_79B9_7F4A_7C15
                a ^= a >> 29
                b = (b &+ word) &* 0xC2B2_AE3D_27D4_EB4F
                b ^= b >> 31
            }
            var tail: UInt64 = 0
            for index in (words * 8)..<buffer.count { tail = tail << 8 | UInt64(buffer[index]) }
            a = (a ^ tail) &* 0x9E37_79B9_7F4A_7C15
            b = (b &+ tail) &* 0xC2B2_AE3D_27D4_EB4F
        }
        high = Self.mix(a)
        low = Self.mix(b ^ high)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }
}
