import Canvas
import Testing
@testable import Codecs

@Suite(.process) struct AnimatedWebPEncoderTests {
    /// Decodes with Pillow and checks the frame count, durations and loop count, and every frame's
    /// pixels when `exact` (lossless).
    private func expectDecodes(_ webp: [UInt8], to frames: [Surface], milliseconds: [Double], loop: Int, exact: Bool = true,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> DecodedAnimation {
        let decoded = try AnimationReference.decode(webp)
        #expect(decoded.format == "WEBP", sourceLocation: sourceLocation)
        #expect(decoded.frames == frames.count, sourceLocation: sourceLocation)
        #expect(decoded.durations == milliseconds, sourceLocation: sourceLocation)
        #expect(decoded.loop == loop, sourceLocation: sourceLocation)
        for (index, frame) in frames.enumerated() where exact && index < decoded.frames {
            #expect(decoded.mismatches(frame: index, against: frame) == [], sourceLocation: sourceLocation)
        }
        return decoded
    }

    @Test func losslessFramesDecodeExactly() throws {
        let tiles = try (0..<4).map { try TestAnimations.tileWithMarker(x: 30 * $0, y: 60) }
        let webp = try AnimatedWebPEncoder().encode(TestAnimations.frames(tiles, milliseconds: [100, 250, 40, 1000]), loopCount: 2)
        #expect(ImageFormat.sniff(webp) == .webp)
        _ = try expectDecodes(webp, to: tiles, milliseconds: [100, 250, 40, 1000], loop: 2)
        #expect(try AnimatedWebPEncoder().encode(TestAnimations.frames(tiles, milliseconds: [100, 250, 40, 1000]), loopCount: 2) == webp)
    }

    @Test func translucentFramesKeepTheirAlpha() throws {
        let badges = try [(0, 0), (40, 20), (70, 50)].map { try TestAnimations.badge(at: $0.0, $0.1) }
        let webp = try AnimatedWebPEncoder().encode(TestAnimations.frames(badges, milliseconds: [60, 60, 60]))
        _ = try expectDecodes(webp, to: badges, milliseconds: [60, 60, 60], loop: 0)
    }

    @Test func identicalConsecutiveFramesMergeWithTheirDelaysSummed() throws {
        let a = try TestAnimations.tileWithMarker(x: 10, y: 10), b = try TestAnimations.tileWithMarker(x: 100, y: 10)
        let webp = try AnimatedWebPEncoder().encode(TestAnimations.frames([a, a, b, b, b, a], milliseconds: [100, 100, 100, 100, 150, 30]))
        _ = try expectDecodes(webp, to: [a, b, a], milliseconds: [200, 350, 30], loop: 0)
    }

    @Test func aSingleFrameIsAStillWebP() throws {
        // libwebp writes one frame (or frames all alike) as a still image: no ANIM chunk, no delay.
        let tile = try TestAnimations.tileWithMarker(x: 0, y: 0)
        for count in [1, 3] {
            let frames = Array(repeating: AnimationFrame(tile, milliseconds: 700), count: count)
            let webp = try AnimatedWebPEncoder().encode(frames, loopCount: 1)
            #expect(String(decoding: webp[12..<16], as: UTF8.self) == "VP8L")
            let decoded = try AnimationReference.decode(webp)
            #expect(decoded.frames == 1)
            #expect(decoded.mismatches(frame: 0, against: tile) == [])
            #expect(try ImageDecoder.decode(webp).premultipliedPixels == tile.premultipliedPixels)
        }
    }

    @Test func lossyFramesAreSmallerAndClose() throws {
        let washes = try (0..<3).map { try TestAnimations.washedTile(hue: Double(100 * $0)) }
        let frames = TestAnimations.frames(washes, milliseconds: [80, 80, 80])
        let lossless = try AnimatedWebPEncoder().encode(frames)
        let lossy = try AnimatedWebPEncoder(quality: 75).encode(frames)
        #expect(lossy.count < lossless.count)
        let decoded = try expectDecodes(lossy, to: washes, milliseconds: [80, 80, 80], loop: 0, exact: false)
        #expect(decoded.mismatches(frame: 2, against: washes[2], limit: 1000).count == 1000)  // lossy indeed
        _ = try expectDecodes(lossless, to: washes, milliseconds: [80, 80, 80], loop: 0)
    }

    @Test func badInputsAreTypedErrors() throws {
        try TestAnimations.expectRejections(by: AnimatedWebPEncoder(), extra: [
            ([AnimationFrame(try TestImages.badge(size: 10), milliseconds: 1)], 65536, "loop count"),
            ([AnimationFrame(try Surface(width: 16384, height: 1), milliseconds: 1)], 0, "16384x1"),
        ])
    }
}
