import Canvas
import Testing
@testable import Codecs

/// `ImageDecoder.validate`: the check on bytes passed through without decoding. It must accept
/// everything the decoder decodes and refuse, at the header or the framing, what the decoder refuses.
@Suite struct ValidationTests {
    @Test func everyValidPNGSuiteImageAndRealTileValidates() throws {
        for name in Fixtures.validPNGSuite { #expect(throws: Never.self, "\(name)") { try ImageDecoder.validate(try Fixtures.pngSuite(name)) } }
        #expect(try ImageDecoder.validate(try Fixtures.tile(2, 2, 1)) == .png)
    }

    @Test(arguments: Fixtures.corruptPNGSuite)
    func everyCorruptPNGSuiteImageIsRefusedLikeADecodeRefusesIt(name: String) throws {
        let bytes = try Fixtures.pngSuite(name)
        #expect(throws: CodecError.self, "decode") { try ImageDecoder.decode(bytes) }
        #expect(throws: CodecError.self, "validate") { try ImageDecoder.validate(bytes) }
    }

    @Test func aPNGWithoutImageDataIsRefused() throws {
        let tile = try Fixtures.tile(2, 2, 1)
        let withoutData = PNGBytes.removingChunks(["IDAT"], from: tile)
        #expect(withoutData.count < tile.count)
        #expect(throws: CodecError.self) { try ImageDecoder.validate(withoutData) }
    }

    @Test func theSizeLimitsApplyWithoutDecoding() throws {
        let tile = try Fixtures.tile(2, 2, 1)
        let small = DecodeLimits(maxSide: 255)
        #expect(throws: CodecError.tooLarge("256x256 pixels, more than 255 pixels a side")) { try ImageDecoder.validate(tile, limits: small) }
        #expect(throws: CodecError.tooLarge("the input is \(tile.count) bytes, more than the 1000 bytes limit")) {
            try ImageDecoder.validate(tile, limits: DecodeLimits(maxInputBytes: 1000))
        }
        // A tiny file whose header claims 100000 x 100000 pixels: refused from its header alone.
        let bomb = Array(tile.prefix(8)) + PNGBytes.chunk("IHDR", PNGBytes.bigEndian(100_000) + PNGBytes.bigEndian(100_000) + [8, 2, 0, 0, 0])
            + PNGBytes.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + PNGBytes.chunk("IEND", [])
        #expect(throws: CodecError.tooLarge("100000x100000 pixels, more than 8192 pixels a side")) { try ImageDecoder.validate(bomb) }
    }

    @Test func jpegAndWebPValidateAndTheirDamageDoesNot() throws {
        let surface = try ImageDecoder.decode(try Fixtures.tile(2, 2, 1))
        for (encoder, format) in [(ImageEncoder.jpeg(quality: 80), ImageFormat.jpeg), (.webp(quality: 80, lossless: false), .webp), (.webp(quality: 80, lossless: true), .webp)] {
            let bytes = try encoder.encode(surface)
            #expect(try ImageDecoder.validate(bytes) == format)
            #expect(throws: CodecError.self, "\(format) cut short") { try ImageDecoder.validate(Array(bytes.dropLast(3))) }
        }
        // A JPEG whose frame header (SOF0) says it is 0 pixels high: libjpeg refuses the header.
        var jpeg = try ImageEncoder.jpeg(quality: 80).encode(surface)
        let frame = try #require(jpeg.indices.dropLast().first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[frame + 5] = 0
        jpeg[frame + 6] = 0
        #expect(throws: CodecError.self) { try ImageDecoder.validate(jpeg) }
    }
}
