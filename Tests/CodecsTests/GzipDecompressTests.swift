import Foundation
import Testing
import Codecs

/// `Gzip.decompress`: what `Gzip.compress` and `gzip(1)` make comes back whole; damaged input, a
/// trailer that lies about the size and a compression bomb are errors or bounded, never a trap.
@Suite struct GzipDecompressTests {
    @Test func roundTripsWhatCompressMakes() throws {
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 100, 70_000] {
            let bytes = (0..<size).map { index in index % 3 == 0 ? UInt8.random(in: 0...255, using: &generator) : UInt8(index % 7) }
            #expect(try Gzip.decompress(Gzip.compress(bytes)) == bytes)
        }
    }

    @Test func damagedInputIsAnError() throws {
        let packed = Gzip.compress(Array(repeating: 65, count: 5000))
        var flipped = packed
        flipped[12] ^= 0xFF
        #expect(throws: Gzip.DecompressError.corrupt) { try Gzip.decompress(flipped) }
        #expect(throws: Gzip.DecompressError.corrupt) { try Gzip.decompress(Array(packed.prefix(packed.count - 6))) }
        #expect(throws: Gzip.DecompressError.corrupt) { try Gzip.decompress(Array("not gzip at all, not at all".utf8)) }
        // A trailer claiming 4 GB: the bytes still decode, without a 4 GB buffer.
        var lying = packed
        for index in (lying.count - 4)..<lying.count { lying[index] = 0xFF }
        #expect(throws: Gzip.DecompressError.corrupt) { try Gzip.decompress(lying) }  // libdeflate checks ISIZE
    }

    @Test func theLimitStopsABomb() throws {
        let bomb = Gzip.compress(Array(repeating: 0, count: 4_000_000))
        #expect(bomb.count < 10_000)
        #expect(throws: Gzip.DecompressError.tooLarge(limit: 1_000_000)) { try Gzip.decompress(bomb, limit: 1_000_000) }
        #expect(try Gzip.decompress(bomb, limit: 4_000_000).count == 4_000_000)
    }
}
