import Canvas
import Testing
@testable import Codecs

@Suite struct WebPTests {
    @Test func losslessOpaqueRoundTripIsExact() throws {
        let surface = try TestImages.opaqueGradient()
        let webp = try WebPEncoder(lossless: true).encode(surface)
        #expect(ImageFormat.sniff(webp) == .webp)
        #expect(try ImageDecoder.size(of: webp) == (64, 48))
        #expect(try ImageDecoder.decode(webp).premultipliedPixels == surface.premultipliedPixels)
    }

    @Test func losslessAlphaRoundTripIsExact() throws {
        for surface in [try TestImages.translucentGradient(), try TestImages.badge()] {
            let decoded = try ImageDecoder.decode(try WebPEncoder(lossless: true).encode(surface))
            #expect(decoded.premultipliedPixels == surface.premultipliedPixels)
        }
    }

    @Test func lossyStaysClose() throws {
        let smooth = try TestImages.surface(width: 96, height: 64) { x, y in
            RGBA8(r: UInt8(x * 2), g: UInt8(y * 3), b: 128, a: 255)
        }
        let decoded = try ImageDecoder.decode(try WebPEncoder(quality: 90).encode(smooth))
        #expect(decoded.isOpaque)
        #expect(decoded.maximumDifference(to: smooth) <= 12)

        let badge = try TestImages.badge()
        let lossyBadge = try ImageDecoder.decode(try WebPEncoder(quality: 90).encode(badge))
        #expect(lossyBadge.pixel(x: 0, y: 0).a == 0)
        #expect(lossyBadge.pixel(x: 48, y: 48).distance(to: badge.pixel(x: 48, y: 48)) <= 8)
    }

    @Test func truncatedAndCorruptWebPsAreTypedErrors() throws {
        let webp = try WebPEncoder(quality: 80).encode(try TestImages.opaqueGradient())
        for length in [12, 20, 30, webp.count / 2, webp.count - 1] {
            do {
                _ = try ImageDecoder.decode(Array(webp[0..<length]))
                Issue.record("a WebP cut at \(length) of \(webp.count) decoded")
            } catch {
                guard case .corrupt(.webp, let reason) = error else { Issue.record("\(error)"); continue }
                #expect(!reason.isEmpty)
            }
        }
        var damaged = webp
        for i in 20..<min(60, damaged.count) { damaged[i] = 0xA5 }
        #expect(throws: CodecError.self) { try ImageDecoder.decode(damaged) }
    }

    @Test func limitsApply() throws {
        let webp = try WebPEncoder(lossless: true).encode(try TestImages.opaqueGradient())
        #expect(throws: CodecError.tooLarge("64x48 pixels, more than 50 pixels a side")) {
            try ImageDecoder.decode(webp, limits: DecodeLimits(maxSide: 50))
        }
        #expect(throws: CodecError.tooLarge("the input is \(webp.count) bytes, more than the 10 bytes limit")) {
            try ImageDecoder.decode(webp, limits: DecodeLimits(maxInputBytes: 10))
        }
    }
}
