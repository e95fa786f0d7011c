import Canvas
import Foundation
import Testing
@testable import Codecs

@Suite struct PNGEncoderTests {
    /// Named test images covering each layout the encoder chooses.
    static func samples() throws -> [(name: String, surface: Surface, colorType: UInt8)] {
        [
            ("opaque RGB", try TestImages.opaqueGradient(), PNGWriter.colorTypeRGB),
            ("RGBA", try TestImages.translucentGradient(), PNGWriter.colorTypeRGBA),
            ("badge", try TestImages.badge(), PNGWriter.colorTypeRGBA),
            ("indexed opaque", try TestImages.stripes([RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 90, b: 0, a: 255),
                                                       RGBA8(r: 1, g: 2, b: 3, a: 255)]), PNGWriter.colorTypeIndexed),
            ("indexed tRNS", try TestImages.stripes([RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 0, b: 0, a: 0),
                                                     RGBA8(r: 10, g: 200, b: 30, a: 77)]), PNGWriter.colorTypeIndexed),
            ("tile", try ImageDecoder.decode(try Fixtures.tile(2, 1, 1)), PNGWriter.colorTypeIndexed),
        ]
    }

    @Test(arguments: PNGEncoder.Filter.allCases)
    func everyLayoutPassesPngcheckAndDecodesIdentically(filter: PNGEncoder.Filter) throws {
        try #require(PNGCheck.isAvailable, "pngcheck is not installed at \(PNGCheck.path): install the pngcheck package")
        for sample in try Self.samples() {
            for allowIndexed in [true, false] {
                let png = try PNGEncoder(filter: filter, allowIndexed: allowIndexed).encode(sample.surface)
                let label = "\(sample.name), \(filter), indexed allowed: \(allowIndexed)"
                #expect(try PNGCheck.problems(png) == nil, "\(label)")
                // libpng, through Cairn's decoder…
                let decoded = try ImageDecoder.decode(png)
                #expect(decoded.premultipliedPixels == sample.surface.premultipliedPixels, "\(label)")
                // …and through libpng's simplified API, compared in straight alpha.
                let reference = try #require(PNGReference.decode(png))
                let original = sample.surface.premultipliedPixels
                var mismatches = 0
                for y in 0..<sample.surface.height {
                    for x in 0..<sample.surface.width {
                        let i = (y * reference.width + x) * 4, s = reference.samples
                        let pixel = RGBA8(r: UInt8(s[i]), g: UInt8(s[i + 1]), b: UInt8(s[i + 2]), a: UInt8(s[i + 3]))
                        if pixel.premultiplied != original[y * sample.surface.width + x] {
                            mismatches += 1
                        }
                    }
                }
                #expect(mismatches == 0, "\(label)")
            }
        }
    }

    @Test func picksTheSmallestLayout() throws {
        for sample in try Self.samples() {
            let png = try PNGEncoder().encode(sample.surface)
            #expect(PNGBytes.colorType(png) == sample.colorType, "\(sample.name)")
            let truecolor = try PNGEncoder(allowIndexed: false).encode(sample.surface)
            #expect(PNGBytes.colorType(truecolor) == (sample.surface.isOpaque ? 2 : 6), "\(sample.name)")
        }
    }

    @Test func indexedImagesUseTheFewestBitsAndTRNSOnlyWhenNeeded() throws {
        let red = RGBA8(r: 255, g: 0, b: 0, a: 255), blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
        let clear = RGBA8(r: 0, g: 0, b: 0, a: 0), haze = RGBA8(r: 200, g: 100, b: 50, a: 100)
        let sixteen: [RGBA8] = (0..<16).map { (i: Int) -> RGBA8 in RGBA8(r: UInt8(i * 16), g: 0, b: 0, a: 255) }
        let seventeen: [RGBA8] = (0..<17).map { (i: Int) -> RGBA8 in RGBA8(r: UInt8(i * 15), g: 0, b: 0, a: 255) }
        let all: [RGBA8] = (0..<256).map { (i: Int) -> RGBA8 in
            RGBA8(r: UInt8(i), g: UInt8(255 - i), b: 7, a: i % 2 == 0 ? 255 : 128)
        }
        var cases: [([RGBA8], UInt8, Bool)] = []
        cases.append(([red, blue], 1, false))
        cases.append(([red, clear], 1, true))
        cases.append(([red, blue, clear, haze], 2, true))
        cases.append((sixteen, 4, false))
        cases.append((seventeen, 8, false))
        cases.append((all, 8, true))
        for (colors, depth, hasTRNS) in cases {
            let surface = try TestImages.stripes(colors, width: 37, height: 300)
            let png = try PNGEncoder().encode(surface)
            #expect(PNGBytes.colorType(png) == 3)
            #expect(PNGBytes.bitDepth(png) == depth, "\(colors.count) colours")
            #expect(PNGBytes.chunkTypes(png).contains("tRNS") == hasTRNS, "\(colors.count) colours")
            #expect(try ImageDecoder.decode(png).premultipliedPixels == surface.premultipliedPixels)
        }
    }

    @Test func twoHundredFiftySevenColoursAreNotIndexed() throws {
        let colors = (0..<257).map { RGBA8(r: UInt8($0 % 256), g: UInt8($0 / 256), b: 0, a: 255) }
        let surface = try TestImages.stripes(colors, width: 300, height: 300)
        let png = try PNGEncoder().encode(surface)
        #expect(PNGBytes.colorType(png) == 2)
        #expect(try ImageDecoder.decode(png).premultipliedPixels == surface.premultipliedPixels)
    }

    @Test func outputIsDeterministic() throws {
        for sample in try Self.samples() {
            for encoder in [PNGEncoder(), PNGEncoder(level: 9, filter: .adaptive), PNGEncoder(allowIndexed: false)] {
                #expect(try encoder.encode(sample.surface) == (try encoder.encode(sample.surface)), "\(sample.name)")
            }
        }
    }

    @Test func everyLevelWorks() throws {
        let surface = try TestImages.translucentGradient()
        var sizes: [Int] = []
        for level in [-3, 0, 1, 6, 12, 40] {
            let png = try PNGEncoder(level: level, compressor: .libdeflate).encode(surface)
            #expect(try ImageDecoder.decode(png).premultipliedPixels == surface.premultipliedPixels)
            sizes.append(png.count)
        }
        #expect(sizes[0] == sizes[1] && sizes[4] == sizes[5])  // clamped to 0…12
        #expect(sizes[1] > sizes[4])                            // stored is bigger than level 12
    }

    @Test func encodesOnManyThreadsAtOnce() async throws {
        let surface = try ImageDecoder.decode(try Fixtures.tile(2, 1, 1))
        let expected = try PNGEncoder(allowIndexed: false).encode(surface)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<16 { group.addTask { try PNGEncoder(allowIndexed: false).encode(surface) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func cairoCanReadWhatWeWrite() throws {
        // A third reader: Cairo's own PNG writer output decodes to the same pixels as ours.
        let badge = try TestImages.badge()
        let ours = try ImageDecoder.decode(try PNGEncoder().encode(badge))
        let cairos = try ImageDecoder.decode(try badge.cairoPNGData())
        #expect(ours.premultipliedPixels == cairos.premultipliedPixels)
    }
}

extension PNGEncoderTests {
    @Test func longImageDataIsSplitIntoSeveralIDATChunks() throws {
        let surface = try TestImages.translucentGradient()
        let png = try PNGWriter.encode(surface, options: PNGEncoder(), idatLimit: 1000)
        #expect(PNGBytes.chunkTypes(png).filter { $0 == "IDAT" }.count > 3)
        #expect(try PNGCheck.problems(png) == nil)
        #expect(try ImageDecoder.decode(png).premultipliedPixels == surface.premultipliedPixels)
    }
}
