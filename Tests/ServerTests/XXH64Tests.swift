@testable import CairnServer
import Foundation
import Testing

/// ETags are XXH64 digests: the digests below were printed by Python's `xxhash` (an independent
/// implementation) for inputs that take every branch of the algorithm — under 32 bytes, stripes,
/// 8-, 4- and 1-byte tails — and for the sample tile.
@Suite struct XXH64Tests {
    /// Inputs and the reference's digests.
    static let vectors: [([UInt8], UInt64)] = [
        ([], 0xEF46_DB37_51D8_E999),
        (Array("a".utf8), 0xD24E_C4F1_A98C_6E5B),
        (Array("abc".utf8), 0x44BC_2CF5_AD77_0999),
        (Array("0123456789abcdef0123456789abcdef0123".utf8), 0xC425_5BA3_D1AF_5461),
        ((0..<768).map { UInt8($0 % 256) } + Array("xyz".utf8), 0xE921_A1B4_5BD7_79F8),
    ]

    @Test func digestsMatchTheReference() {
        for (bytes, digest) in Self.vectors {
            #expect(XXH64.digest(bytes) == digest, "\(bytes.count) bytes")
        }
    }

    @Test func theSampleTilesTagIsItsDigestAndLength() throws {
        let tile = try #require(FileManager.default.contents(atPath: repositoryRoot + "/Samples/tiles/2/2/1.png"))
        #expect(ETag.of(Array(tile)) == "\"8fab35c094634601-2024\"")
    }

    @Test func everyByteCounts() {
        var bytes = Array(repeating: UInt8(7), count: 100)
        let before = ETag.of(bytes)
        for index in [0, 31, 32, 63, 95, 96, 99] {
            bytes[index] ^= 1
            #expect(ETag.of(bytes) != before, "byte \(index)")
            bytes[index] ^= 1
        }
        #expect(ETag.of(bytes) == before)
    }
}
