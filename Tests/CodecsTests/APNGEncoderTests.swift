import Canvas
import Testing
@testable import Codecs

@Suite(.process) struct APNGEncoderTests {
    /// Decodes with Pillow and checks the frame count, durations, loop count and every frame's pixels.
    private func expectDecodes(_ apng: [UInt8], to frames: [Surface], milliseconds: [Double], loop: Int,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let decoded = try AnimationReference.decode(apng)
        #expect(decoded.format == "PNG", sourceLocation: sourceLocation)
        #expect(decoded.frames == frames.count, sourceLocation: sourceLocation)
        #expect(decoded.durations == milliseconds, sourceLocation: sourceLocation)
        #expect(decoded.loop == loop, sourceLocation: sourceLocation)
        for (index, frame) in frames.enumerated() where index < decoded.frames {
            #expect(decoded.mismatches(frame: index, against: frame) == [], sourceLocation: sourceLocation)
        }
        // pngcheck 3.0.3 checks the CRCs, IHDR/PLTE/tRNS and the default image (IDAT); it passes acTL,
        // fcTL and fdAT as unknown ancillary chunks, so the frames themselves are Pillow's to check.
        if PNGCheck.isAvailable { #expect(try PNGCheck.problems(apng) == nil, sourceLocation: sourceLocation) }
    }

    @Test func aMovingMarkerOverATileDecodesFrameByFrame() throws {
        let surfaces = try (0..<5).map { try TestAnimations.tileWithMarker(x: 20 + 30 * $0, y: 40 + 10 * $0) }
        let apng = try APNGEncoder().encode(TestAnimations.frames(surfaces, milliseconds: [100, 200, 250, 1000, 40]), loopCount: 3)
        try expectDecodes(apng, to: surfaces, milliseconds: [100, 200, 250, 1000, 40], loop: 3)

        let chunks = APNGChunks(apng)
        #expect(chunks.types.first == "IHDR" && chunks.types.last == "IEND")
        #expect(chunks.chunks.allSatisfy { $0.crcMatches })
        #expect(chunks.animationControl! == (5, 3))
        #expect(chunks.sequenceNumbers == Array(0..<9))  // fcTL, IDAT, then fcTL + fdAT four times
        #expect(chunks.types.firstIndex(of: "acTL")! < chunks.types.firstIndex(of: "IDAT")!)
        // Each later frame is the union of the old and the new square: 30 + 12 wide, 10 + 12 high.
        let controls = chunks.frameControls
        #expect(controls[0].width == 256 && controls[0].x == 0)
        #expect(controls[1] == .init(sequence: 1, width: 42, height: 22, x: 20, y: 40, delayNumerator: 1,
                                     delayDenominator: 5, dispose: 0, blend: 0))
        #expect(try APNGEncoder().encode(TestAnimations.frames(surfaces, milliseconds: [100, 200, 250, 1000, 40]), loopCount: 3) == apng)
    }

    @Test func translucentFramesKeepTheirAlphaAndClearWhatWasCovered() throws {
        // The badge moves, so pixels it covered become transparent again: SOURCE blending must clear them.
        let surfaces = try [(0, 0), (40, 20), (70, 50), (70, 50), (10, 30)].map { try TestAnimations.badge(at: $0.0, $0.1) }
        let apng = try APNGEncoder().encode(TestAnimations.frames(surfaces, milliseconds: [80, 80, 80, 80, 80]))
        #expect(PNGBytes.colorType(apng) == PNGWriter.colorTypeIndexed)
        #expect(APNGChunks(apng).types.contains("tRNS"))
        try expectDecodes(apng, to: [surfaces[0], surfaces[1], surfaces[2], surfaces[4]],
                          milliseconds: [80, 80, 160, 80], loop: 0)
        #expect(APNGChunks(apng).frameControls.allSatisfy { $0.dispose == 0 && $0.blend == 0 })

        // Too many colours for a palette: RGBA, every alpha from 0 to 255, moving by a row a frame.
        let gradients = try (0..<3).map { shift in
            try TestImages.surface(width: 64, height: 64) { x, y in
                RGBA8(r: UInt8(x * 4), g: UInt8(((y + shift) * 4) % 256), b: 90, a: UInt8(((y + shift) * 64 + x) % 256))
            }
        }
        let rgba = try APNGEncoder().encode(TestAnimations.frames(gradients, milliseconds: [10, 10, 10]))
        #expect(PNGBytes.colorType(rgba) == PNGWriter.colorTypeRGBA)
        try expectDecodes(rgba, to: gradients, milliseconds: [10, 10, 10], loop: 0)
    }

    @Test func identicalConsecutiveFramesMergeWithTheirDelaysSummed() throws {
        let a = try TestAnimations.tileWithMarker(x: 10, y: 10), b = try TestAnimations.tileWithMarker(x: 100, y: 10)
        let apng = try APNGEncoder().encode(TestAnimations.frames([a, a, b, b, b, a], milliseconds: [100, 100, 100, 100, 150, 30]))
        try expectDecodes(apng, to: [a, b, a], milliseconds: [200, 350, 30], loop: 0)
        #expect(APNGChunks(apng).animationControl!.frames == 3)
    }

    @Test func aSingleFrameIsAOneFrameAPNG() throws {
        let tile = try TestAnimations.tileWithMarker(x: 0, y: 0)
        for frames in [[tile], [tile, tile, tile]] {
            let apng = try APNGEncoder().encode(frames.map { AnimationFrame($0, milliseconds: 500) }, loopCount: 1)
            try expectDecodes(apng, to: [tile], milliseconds: [Double(500 * frames.count)], loop: 1)
            #expect(APNGChunks(apng).types == ["IHDR", "PLTE", "acTL", "fcTL", "IDAT", "IEND"])
            // The still image is exactly what PNGEncoder decodes to.
            #expect(try ImageDecoder.decode(apng).premultipliedPixels == tile.premultipliedPixels)
        }
    }

    @Test func framesThatFitTogetherShareOnePalette() throws {
        let colors = [RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 0, b: 255, a: 128), RGBA8(r: 0, g: 0, b: 0, a: 0)]
        let surfaces = try (0..<3).map { shift in
            try TestImages.surface(width: 40, height: 30) { x, y in colors[(x / 4 + y / 3 + shift) % 3] }
        }
        let apng = try APNGEncoder().encode(TestAnimations.frames(surfaces, milliseconds: [10, 20, 30]))
        #expect(PNGBytes.colorType(apng) == PNGWriter.colorTypeIndexed)
        #expect(PNGBytes.bitDepth(apng) == 2)
        #expect(APNGChunks(apng).types.filter { $0 == "PLTE" || $0 == "tRNS" } == ["PLTE", "tRNS"])
        try expectDecodes(apng, to: surfaces, milliseconds: [10, 20, 30], loop: 0)
    }

    @Test func framesWithMoreColoursTogetherAreWrittenAsTruecolour() throws {
        // Each frame alone fits a palette (a tile has 16 colours); ten washes together do not.
        let surfaces = try (0..<10).map { try TestAnimations.washedTile(hue: Double(36 * $0)) }
        let apng = try APNGEncoder().encode(TestAnimations.frames(surfaces, milliseconds: Array(repeating: 100, count: 10)))
        #expect(PNGBytes.colorType(apng) == PNGWriter.colorTypeRGB)
        try expectDecodes(apng, to: surfaces, milliseconds: Array(repeating: 100, count: 10), loop: 0)
        // Every frame differs everywhere, so about the sum of the frames' own PNGs.
        let stills = try surfaces.reduce(0) { $0 + (try PNGEncoder().encode($1).count) }
        #expect(Double(apng.count) <= 1.3 * Double(stills))
    }

    @Test func framesThatDifferInPlacesAreFarSmallerThanWholeFrames() throws {
        let surfaces = try (0..<10).map { try TestAnimations.tileWithMarker(x: 20 * $0, y: 100) }
        let frames = TestAnimations.frames(surfaces, milliseconds: Array(repeating: 100, count: 10))
        let apng = try APNGEncoder().encode(frames)
        let stills = try surfaces.reduce(0) { $0 + (try PNGEncoder().encode($1).count) }
        #expect(apng.count * 4 < stills, "APNG \(apng.count) B, stills \(stills) B")
        try expectDecodes(apng, to: surfaces, milliseconds: Array(repeating: 100, count: 10), loop: 0)
    }

    @Test func delaysAreExactFractionsOfASecond() throws {
        let a = try TestAnimations.badge(at: 0, 0), b = try TestAnimations.badge(at: 5, 5)
        let cases: [(milliseconds: Int, numerator: UInt16, denominator: UInt16)] = [
            (500, 1, 2), (1234, 617, 500), (40, 1, 25), (0, 0, 1), (70_000, 70, 1), (65_537, 6554, 100),
        ]
        for (milliseconds, numerator, denominator) in cases {
            let apng = try APNGEncoder().encode([AnimationFrame(a, milliseconds: milliseconds), AnimationFrame(b, milliseconds: 1)])
            let control = APNGChunks(apng).frameControls[0]
            #expect((control.delayNumerator, control.delayDenominator) == (numerator, denominator), "\(milliseconds) ms")
        }
        let fraction = try APNGEncoder().encode([AnimationFrame(a, delay: .microseconds(33_400)), AnimationFrame(b, delay: .seconds(2))])
        #expect(APNGChunks(fraction).frameControls.map { [$0.delayNumerator, $0.delayDenominator] } == [[33, 1000], [2, 1]])
        #expect(try AnimationReference.decode(fraction).durations == [33, 2000])
    }

    @Test func optionsApplyToEveryFrame() throws {
        let surfaces = try (0..<3).map { try TestAnimations.washedTile(hue: Double(100 * $0)) }
        let frames = TestAnimations.frames(surfaces, milliseconds: [50, 50, 50])
        for png in [PNGEncoder(level: 6, filter: .paeth), PNGEncoder(compressor: .libdeflate), PNGEncoder(filter: .adaptive, allowIndexed: false)] {
            try expectDecodes(try APNGEncoder(png: png).encode(frames), to: surfaces, milliseconds: [50, 50, 50], loop: 0)
        }
        let tiles = try (0..<2).map { try TestAnimations.tileWithMarker(x: 50 * $0, y: 0) }
        let unindexed = try APNGEncoder(png: PNGEncoder(allowIndexed: false)).encode(TestAnimations.frames(tiles, milliseconds: [1, 1]))
        #expect(PNGBytes.colorType(unindexed) == PNGWriter.colorTypeRGB)
    }

    @Test func badInputsAreTypedErrors() throws {
        try TestAnimations.expectRejections(by: APNGEncoder(), extra: [
            ([AnimationFrame(try TestImages.badge(size: 10), milliseconds: 5)], -1, "loop count"),
        ])
    }
}
