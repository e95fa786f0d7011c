import Canvas
import Foundation
import Testing
@testable import Codecs

@Suite struct PNGDecodeTests {
    @Test func decodesRealPalettedTile() throws {
        let bytes = try Fixtures.tile(2, 1, 1)
        #expect(PNGBytes.colorType(bytes) == 3)
        let surface = try ImageDecoder.decode(bytes)
        #expect(surface.width == 256 && surface.height == 256)
        let reference = try #require(PNGReference.decode(bytes))
        for (x, y) in [(0, 0), (128, 128), (255, 255), (37, 200)] {
            let i = (y * 256 + x) * 4
            let s = reference.samples
            let expected = RGBA8(r: UInt8(s[i]), g: UInt8(s[i + 1]), b: UInt8(s[i + 2]), a: UInt8(s[i + 3]))
            #expect(surface.pixel(x: x, y: y) == expected)
        }
    }

    @Test func decodesEveryTile() throws {
        #expect(Fixtures.tilePaths.count > 200)
        for path in Fixtures.tilePaths {
            let surface = try ImageDecoder.decode([UInt8](try Data(contentsOf: path)))
            #expect(surface.width == 256 && surface.height == 256, "\(path.lastPathComponent)")
        }
    }

    @Test func hugeHeaderIsRefusedBeforeAllocating() throws {
        let header = PNGBytes.header(width: 100_000, height: 100_000)
        let withData = header + PNGBytes.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + PNGBytes.chunk("IEND", [])
        for bytes in [header, withData] {
            let start = ContinuousClock.now
            do {
                _ = try ImageDecoder.decode(bytes)
                Issue.record("a 100000x100000 image was decoded")
            } catch {
                guard case .tooLarge(let reason) = error else {
                    Issue.record("expected tooLarge, got \(error)")
                    continue
                }
                #expect(reason.contains("100000x100000"))
                #expect(error.description == "image too large: 100000x100000 pixels, more than 8192 pixels a side")
            }
            #expect(ContinuousClock.now - start < .milliseconds(50))
        }
        #expect(try ImageDecoder.size(of: header) == (100_000, 100_000))
    }

    @Test func pixelLimitApplies() throws {
        let bytes = try Fixtures.tile(2, 1, 1)
        let limits = DecodeLimits(maxSide: 8192, maxPixels: 256 * 255)
        #expect(throws: CodecError.tooLarge("256x256 pixels, more than 0.1 megapixels")) {
            try ImageDecoder.decode(bytes, limits: limits)
        }
        #expect(throws: CodecError.tooLarge("256x256 pixels, more than 200 pixels a side")) {
            try ImageDecoder.decode(bytes, limits: DecodeLimits(maxSide: 200))
        }
        #expect(throws: CodecError.tooLarge("the input is \(bytes.count) bytes, more than the 1000 bytes limit")) {
            try ImageDecoder.decode(bytes, limits: DecodeLimits(maxInputBytes: 1000))
        }
        #expect(throws: CodecError.tooLarge("the input is 33 MiB, more than the 32 MiB limit")) {
            try ImageDecoder.decode([UInt8](repeating: 0, count: 33 << 20))
        }
    }

    @Test func truncatedFilesAreErrors() throws {
        for name in ["basn6a08.png", "basi3p04.png", "basn0g16.png"] {
            let bytes = try Fixtures.pngSuite(name)
            for length in stride(from: 8, to: bytes.count, by: 7) {
                #expect(throws: CodecError.self, "\(name) cut at \(length)") {
                    try ImageDecoder.decode(Array(bytes[0..<length]))
                }
            }
        }
        let tile = try Fixtures.tile(2, 1, 1)
        for length in [33, tile.count / 2, tile.count - 12, tile.count - 1] {
            #expect(throws: CodecError.self) { try ImageDecoder.decode(Array(tile[0..<length])) }
        }
    }

    @Test func corruptedImageDataIsAnError() throws {
        var bytes = try Fixtures.tile(2, 1, 1)
        bytes[bytes.count / 2] ^= 0x55  // inside IDAT: the CRC no longer matches
        do {
            _ = try ImageDecoder.decode(bytes)
            Issue.record("a damaged tile decoded")
        } catch {
            guard case .corrupt(.png, _) = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test func sizeOfReadsTheHeaderOnly() throws {
        #expect(try ImageDecoder.size(of: try Fixtures.tile(2, 1, 1)) == (256, 256))
        #expect(try ImageDecoder.size(of: try Fixtures.pngSuite("s35i3p04.png")) == (35, 35))
    }

    @Test func emptyAndUnknownInputs() {
        #expect(throws: CodecError.empty) { try ImageDecoder.decode([]) }
        #expect(throws: CodecError.unknownFormat) { try ImageDecoder.decode(Array("<html>404</html>".utf8)) }
        #expect(CodecError.unknownFormat.description == "not a PNG, JPEG or WebP image")
    }
}
