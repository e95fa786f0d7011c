import Canvas
import Testing
@testable import Codecs

/// `ImageFormat.isComplete`: the check that lets pass-through bytes skip decoding but not damage.
@Suite struct CompletenessTests {
    @Test func everyValidPNGSuiteImageAndRealTileIsComplete() throws {
        for name in Fixtures.validPNGSuite { #expect(ImageFormat.isComplete(try Fixtures.pngSuite(name)), "\(name)") }
        #expect(ImageFormat.isComplete(try Fixtures.tile(2, 2, 1)))
    }

    @Test func truncatedSplicedAndPaddedPNGsAreNot() throws {
        let tile = try Fixtures.tile(2, 2, 1)
        for cut in [9, 40, tile.count / 2, tile.count - 1] {
            #expect(!ImageFormat.isComplete(Array(tile.prefix(cut))), "cut at \(cut)")
        }
        var flipped = tile
        flipped[tile.count / 2] ^= 0x55
        #expect(!ImageFormat.isComplete(flipped))
        #expect(!ImageFormat.isComplete(Array(tile.prefix(40)) + [UInt8](repeating: 7, count: 500)))
        #expect(!ImageFormat.isComplete(Array("<html>".utf8)))
    }

    @Test func jpegAndWebPFromOurEncoders() throws {
        let surface = try ImageDecoder.decode(try Fixtures.tile(2, 2, 1))
        for encoder in [ImageEncoder.jpeg(quality: 80), .webp(quality: 80, lossless: false), .webp(quality: 80, lossless: true)] {
            let bytes = try encoder.encode(surface)
            #expect(ImageFormat.isComplete(bytes))
            #expect(!ImageFormat.isComplete(Array(bytes.dropLast(3))))
        }
    }
}
