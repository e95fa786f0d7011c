import Canvas
import Testing
@testable import Codecs

@Suite struct JPEGTests {
    static let blockColors = [RGBA8(r: 220, g: 40, b: 30, a: 255), RGBA8(r: 20, g: 160, b: 60, a: 255),
                              RGBA8(r: 30, g: 60, b: 200, a: 255), RGBA8(r: 240, g: 230, b: 210, a: 255)]

    /// Four flat 32x32 blocks: JPEG keeps flat colour well away from the edges.
    static func blocks() throws -> Surface {
        try TestImages.surface(width: 64, height: 64) { x, y in blockColors[(y / 32) * 2 + x / 32] }
    }

    static func expectBlocks(_ surface: Surface, tolerance: Int, _ comment: Comment? = nil) {
        for (i, color) in blockColors.enumerated() {
            let pixel = surface.pixel(x: (i % 2) * 32 + 16, y: (i / 2) * 32 + 16)
            #expect(pixel.distance(to: color) <= tolerance, "block \(i): \(pixel) vs \(color) \(comment?.rawValue ?? "")")
        }
    }

    @Test func roundTripKeepsColours() throws {
        let jpeg = try JPEGEncoder().encode(try Self.blocks())
        #expect(ImageFormat.sniff(jpeg) == .jpeg)
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.width == 64 && decoded.height == 64)
        #expect(decoded.isOpaque)
        Self.expectBlocks(decoded, tolerance: 8)
        #expect(try ImageDecoder.size(of: jpeg) == (64, 64))
    }

    @Test func qualityChangesSize() throws {
        let surface = try TestImages.opaqueGradient(width: 128, height: 128)
        let small = try JPEGEncoder(quality: 20).encode(surface), large = try JPEGEncoder(quality: 95).encode(surface)
        #expect(small.count < large.count)
        #expect(try JPEGEncoder(quality: 0).encode(surface) == (try JPEGEncoder(quality: 1).encode(surface)))
    }

    @Test func progressiveDecodes() throws {
        let jpeg = try JPEGEncoder(progressive: true).encode(try Self.blocks())
        #expect(Self.containsMarker(0xC2, in: jpeg))   // SOF2: progressive
        #expect(!Self.containsMarker(0xC0, in: jpeg))  // no SOF0
        Self.expectBlocks(try ImageDecoder.decode(jpeg), tolerance: 8)
    }

    @Test func greyscaleDecodesAsGrey() throws {
        let jpeg = try JPEGEncoder(grayscale: true).encode(try Self.blocks())
        let decoded = try ImageDecoder.decode(jpeg)
        for (i, color) in Self.blockColors.enumerated() {
            let pixel = decoded.pixel(x: (i % 2) * 32 + 16, y: (i / 2) * 32 + 16)
            #expect(pixel.r == pixel.g && pixel.g == pixel.b && pixel.a == 255)
            let luma = (299 * Int(color.r) + 587 * Int(color.g) + 114 * Int(color.b)) / 1000
            #expect(abs(Int(pixel.r) - luma) <= 4, "block \(i): \(pixel.r) vs luma \(luma)")
        }
    }

    @Test func adobeCMYKDecodes() throws {
        let jpeg = try JPEGEncoder(quality: 95).encode(try Self.blocks(), cmyk: true)
        Self.expectBlocks(try ImageDecoder.decode(jpeg), tolerance: 10)
    }

    @Test func transparencyIsCompositedOverWhite() throws {
        let surface = try TestImages.surface(width: 32, height: 32) { x, _ in
            x < 16 ? RGBA8(r: 0, g: 0, b: 0, a: 0) : RGBA8(r: 0, g: 0, b: 255, a: 128)
        }
        let decoded = try ImageDecoder.decode(try JPEGEncoder(quality: 95).encode(surface))
        #expect(decoded.pixel(x: 4, y: 16).distance(to: RGBA8(r: 255, g: 255, b: 255, a: 255)) <= 3)
        // 50% blue over white: (127, 127, 255)
        #expect(decoded.pixel(x: 27, y: 16).distance(to: RGBA8(r: 127, g: 127, b: 255, a: 255)) <= 6)
    }

    @Test func truncatedAndCorruptJPEGsAreTypedErrors() throws {
        let jpeg = try JPEGEncoder().encode(try Self.blocks())
        for length in [3, 20, jpeg.count / 3, jpeg.count / 2, jpeg.count - 40] {
            do {
                _ = try ImageDecoder.decode(Array(jpeg[0..<length]))
                Issue.record("a JPEG cut at \(length) of \(jpeg.count) decoded")
            } catch {
                guard case .corrupt(.jpeg, let reason) = error else { Issue.record("\(error)"); continue }
                #expect(!reason.isEmpty)
            }
        }
        var garbage = jpeg
        for i in 2..<min(200, garbage.count) { garbage[i] = UInt8(truncatingIfNeeded: i * 37) }
        #expect(throws: CodecError.self) { try ImageDecoder.decode(garbage) }
        #expect(throws: CodecError.self) { try ImageDecoder.size(of: [0xFF, 0xD8, 0xFF]) }
    }

    @Test func extraneousBytesAreTolerated() throws {
        // libjpeg warns ("extraneous bytes before marker") but decodes, like browsers; the warning is not printed.
        var jpeg = try JPEGEncoder().encode(try Self.blocks())
        jpeg.insert(contentsOf: [1, 2, 3, 4], at: jpeg.count - 2)
        Self.expectBlocks(try ImageDecoder.decode(jpeg), tolerance: 8)
    }

    @Test func limitsApply() throws {
        let jpeg = try JPEGEncoder().encode(try Self.blocks())
        #expect(throws: CodecError.tooLarge("64x64 pixels, more than 63 pixels a side")) {
            try ImageDecoder.decode(jpeg, limits: DecodeLimits(maxSide: 63))
        }
        #expect(throws: CodecError.tooLarge("64x64 pixels, more than 0 megapixels")) {
            try ImageDecoder.decode(jpeg, limits: DecodeLimits(maxPixels: 4000))
        }
    }

    static func containsMarker(_ marker: UInt8, in jpeg: [UInt8]) -> Bool {
        zip(jpeg, jpeg.dropFirst()).contains { $0 == 0xFF && $1 == marker }
    }
}
