import Canvas
import Foundation
import Testing
@testable import Codecs
import CCodecs
import TestSupport

/// The truecolour fast path (``FastDeflate``): decoded pixels, pngcheck, determinism and worst cases.
@Suite struct FastDeflateTests {
    /// A deterministic pseudo-random generator (SplitMix64), so failures reproduce.
    struct Noise {
        private var generator: SplitMix64
        init(state: UInt64) { generator = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { generator.next() }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: generator.next()) }
    }

    /// Truecolour inputs: noise, flat colours, gradients, thin and tiny shapes, tiles, badges.
    static func surfaces() throws -> [(name: String, surface: Surface)] {
        var result: [(String, Surface)] = []
        var noise = Noise(state: 42)
        result.append(("noise RGBA 97x61", try TestImages.surface(width: 97, height: 61) { _, _ in
            RGBA8(r: noise.byte(), g: noise.byte(), b: noise.byte(), a: noise.byte())
        }))
        result.append(("noise RGB 300x200", try TestImages.surface(width: 300, height: 200) { _, _ in
            RGBA8(r: noise.byte(), g: noise.byte(), b: noise.byte(), a: 255)
        }))
        result.append(("noise RGBA 700x400", try TestImages.surface(width: 700, height: 400) { _, _ in
            RGBA8(r: noise.byte(), g: noise.byte(), b: noise.byte(), a: noise.byte() | 1)
        }))
        result.append(("flat opaque", try TestImages.surface(width: 300, height: 300) { _, _ in RGBA8(r: 10, g: 20, b: 30, a: 255) }))
        result.append(("flat translucent", try TestImages.surface(width: 123, height: 45) { _, _ in RGBA8(r: 200, g: 20, b: 30, a: 99) }))
        result.append(("flat transparent", try TestImages.surface(width: 64, height: 64) { _, _ in RGBA8(r: 0, g: 0, b: 0, a: 0) }))
        result.append(("opaque gradient", try TestImages.opaqueGradient()))
        result.append(("translucent gradient", try TestImages.translucentGradient()))
        result.append(("big gradient", try TestImages.opaqueGradient(width: 1500, height: 700)))
        result.append(("1x1", try TestImages.surface(width: 1, height: 1) { _, _ in RGBA8(r: 1, g: 2, b: 3, a: 4) }))
        result.append(("1x1 opaque", try TestImages.surface(width: 1, height: 1) { _, _ in RGBA8(r: 1, g: 2, b: 3, a: 255) }))
        result.append(("1x500", try TestImages.surface(width: 1, height: 500) { _, y in RGBA8(r: UInt8(y % 256), g: 7, b: UInt8(y / 3 % 256), a: UInt8(y % 200 + 50)) }))
        result.append(("500x1", try TestImages.surface(width: 500, height: 1) { x, _ in RGBA8(r: UInt8(x % 256), g: 7, b: UInt8(x / 3 % 256), a: 255) }))
        result.append(("long runs then noise", try TestImages.surface(width: 333, height: 77) { x, y in
            x < 200 ? RGBA8(r: 5, g: 5, b: 5, a: 255) : RGBA8(r: noise.byte(), g: noise.byte(), b: noise.byte(), a: 255)
        }))
        result.append(("translucent over tile", try Self.translucentOverTile()))
        result.append(("opaque over tile", try Self.translucentOverTile(opaque: true)))
        result.append(("tile", try ImageDecoder.decode(try Fixtures.tile(2, 2, 1))))
        result.append(("badge", try TestImages.badge()))
        result.append(("text badge", try Self.textBadge()))
        result.append(("big badge", try TestImages.badge(size: 400)))
        for name in Fixtures.validPNGSuite {
            result.append(("PngSuite \(name)", try ImageDecoder.decode(try Fixtures.pngSuite(name))))
        }
        return result
    }

    /// A translucent gradient over the real tile 2/2/1: every pixel differs.
    static func translucentOverTile(opaque: Bool = false) throws -> Surface {
        let tile = try ImageDecoder.decode(try Fixtures.tile(2, 2, 1))
        let pixels = tile.premultipliedPixels
        return try TestImages.surface(width: tile.width, height: tile.height) { x, y in
            let t = RGBA8(premultiplied: pixels[y * tile.width + x])
            return RGBA8(r: UInt8((Int(t.r) * 3 + x) / 4), g: UInt8((Int(t.g) * 3 + y) / 4),
                         b: UInt8((Int(t.b) + (x + y) / 2) / 2), a: opaque ? 255 : UInt8(60 + (x + 2 * y) * 195 / 765))
        }
    }

    /// A badge (circle + ring) with a band of text-like antialiased noise in the middle.
    static func textBadge(size: Int = 96) throws -> Surface {
        let surface = try TestImages.badge(size: size)
        var noise = Noise(state: 7)
        surface.withMutablePixels { pixels, stride in
            for y in size * 2 / 5..<size * 3 / 5 {
                for x in size / 4..<size * 3 / 4 where noise.next() % 3 == 0 {
                    let v = UInt8(128 + noise.next() % 128)
                    pixels[y * stride + x] = RGBA8(r: v, g: v, b: v, a: 255).premultiplied
                }
            }
        }
        return surface
    }

    @Test func decodesIdenticallyEverywhere() throws {
        try #require(PNGCheck.isAvailable, "pngcheck is not installed at \(PNGCheck.path): install the pngcheck package")
        for (name, surface) in try Self.surfaces() {
            for filter in [PNGEncoder.Filter.sub, .none, .paeth] {
                let encoder = PNGEncoder(filter: filter, allowIndexed: false, compressor: .fast)
                let png = try encoder.encode(surface)
                let label = "\(name), \(filter)"
                #expect(PNGBytes.colorType(png) == (surface.isOpaque ? 2 : 6), "\(label)")
                #expect(try PNGCheck.problems(png) == nil, "\(label)")
                #expect(try ImageDecoder.decode(png).premultipliedPixels == surface.premultipliedPixels, "\(label)")
                let reference = try #require(PNGReference.decode(png), "\(label)")
                let original = surface.premultipliedPixels, s = reference.samples
                var mismatches = 0
                for i in 0..<original.count {
                    let pixel = RGBA8(r: UInt8(s[4 * i]), g: UInt8(s[4 * i + 1]), b: UInt8(s[4 * i + 2]), a: UInt8(s[4 * i + 3]))
                    if pixel.premultiplied != original[i] { mismatches += 1 }
                }
                #expect(mismatches == 0, "\(label)")
                #expect(try encoder.encode(surface) == png, "\(label): not deterministic")
            }
        }
    }

    /// Raw streams straight through the compressor, inflated by libpng's zlib via a minimal PNG:
    /// incompressible data, runs at block edges and the empty input.
    @Test func worstCasesStayWithinTheBound() throws {
        var noise = Noise(state: 3)
        let sizes = [1, 2, 3, 4, 5, 258, 259, 260, 65535, 65536, FastDeflate.blockSize - 1, FastDeflate.blockSize,
                     FastDeflate.blockSize + 1, 3 * FastDeflate.blockSize + 17]
        for size in sizes {
            var inputs: [[UInt8]] = []
            inputs.append((0..<size).map { (_: Int) -> UInt8 in noise.byte() })
            inputs.append([UInt8](repeating: 0, count: size))
            inputs.append((0..<size).map { (i: Int) -> UInt8 in (i / 300) % 2 == 0 ? 0 : noise.byte() })
            inputs.append((0..<size).map { (i: Int) -> UInt8 in i % 7 == 0 ? 1 : 0 })
            inputs.append((0..<size).map { (i: Int) -> UInt8 in UInt8((i % 97) / 5 + (i / 5000) % 2) })
            for input in inputs {
              for rowBytes in [0, 2, 97, 1025, 40000] {
                let bound = FastDeflate.bound(input.count)
                var output = [UInt8](repeating: 0xAA, count: bound + 64)
                let count = input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer {
                        FastDeflate.compress(source.baseAddress!, count: input.count, rowBytes: rowBytes,
                                             into: $0.baseAddress!)
                    }
                }
                #expect(count <= bound - 8, "size \(size)")
                #expect(output[bound...].allSatisfy { $0 == 0xAA }, "size \(size): wrote past the bound")
                #expect(Self.inflate(Array(output[0..<count]), expected: input.count) == input, "size \(size), row \(rowBytes)")
              }
            }
        }
    }

    /// zlib inflate through libdeflate's decompressor (an implementation independent of ours).
    static func inflate(_ stream: [UInt8], expected: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: expected + 1)
        var actual = 0
        let result = stream.withUnsafeBytes { source in
            output.withUnsafeMutableBytes {
                libdeflate_zlib_decompress(decompressor, source.baseAddress, source.count, $0.baseAddress, $0.count, &actual)
            }
        }
        guard result == LIBDEFLATE_SUCCESS else { return nil }
        return Array(output[0..<actual])
    }

    @Test func fastIsOptInAndLevelsStillApplyToLibdeflate() throws {
        let surface = try Self.translucentOverTile()
        #expect(PNGEncoder().compressor == .simd)
        let fast = try PNGEncoder(allowIndexed: false, compressor: .fast).encode(surface)
        #expect(fast != (try PNGEncoder(allowIndexed: false, compressor: .libdeflate).encode(surface)))
        var sizes: [Int] = []
        for level in [0, 1, 6, 12] {
            let png = try PNGEncoder(level: level, allowIndexed: false, compressor: .libdeflate).encode(surface)
            #expect(try ImageDecoder.decode(png).premultipliedPixels == surface.premultipliedPixels)
            sizes.append(png.count)
        }
        #expect(sizes[0] > sizes[3])
        // Indexed images ignore the compressor.
        let stripes = try TestImages.stripes([RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 0, b: 255, a: 255)])
        #expect(try PNGEncoder(compressor: .fast).encode(stripes) == (try PNGEncoder().encode(stripes)))
    }

    /// Timings and sizes against libdeflate level 1; prints only, never fails on time.
    /// Runs when `CAIRN_PNG_BENCH` is set: `CAIRN_PNG_BENCH=1 swift test -c release --filter FastDeflateTests`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CAIRN_PNG_BENCH"] != nil))
    func printTimings() throws {
        let cases: [(String, Surface)] = [
            ("(a) translucent over tile", try Self.translucentOverTile()),
            ("(b) opaque over tile", try Self.translucentOverTile(opaque: true)),
            ("(c) tile 2/2/1 truecolour", try ImageDecoder.decode(try Fixtures.tile(2, 2, 1))),
            ("(d) badge 96 text", try Self.textBadge()),
        ]
        for (name, surface) in cases {
            var line = name
            for compressor in [PNGEncoder.Compressor.libdeflate, .fast] {
                let encoder = PNGEncoder(allowIndexed: false, compressor: compressor)
                var size = 0
                var times: [Double] = []
                for _ in 0..<15 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    for _ in 0..<20 { size = try encoder.encode(surface).count }
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 20 / 1e6)
                }
                times.sort()
                line += String(format: "  %@: %.3f ms %d B", compressor.rawValue, times[times.count / 2], size)
            }
            print("BENCH " + line)
            // The compressors alone, on the same filtered scanlines.
            let png = try PNGEncoder(allowIndexed: false, compressor: .libdeflate).encode(surface)
            var idat: [UInt8] = []
            var offset = 8
            while offset + 8 <= png.count {
                let length = Int(PNGBytes.bigEndianValue(png, at: offset))
                if String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self) == "IDAT" { idat += png[(offset + 8)..<(offset + 8 + length)] }
                offset += 12 + length
            }
            let bpp = surface.isOpaque ? 3 : 4
            let raw = try #require(Self.inflate(idat, expected: surface.height * (surface.width * bpp + 1)))
            var output = [UInt8](repeating: 0, count: 2 * raw.count + 1000)
            let compressor = libdeflate_alloc_compressor(1)!
            defer { libdeflate_free_compressor(compressor) }
            var parts = "  compressor only:"
            for which in 0..<4 {
                var times: [Double] = []
                var size = 0
                for _ in 0..<15 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    for _ in 0..<20 {
                        size = raw.withUnsafeBufferPointer { r in
                            output.withUnsafeMutableBufferPointer { o in
                                switch which {
                                case 0: libdeflate_zlib_compress(compressor, r.baseAddress, r.count, o.baseAddress, o.count)
                                case 1: FastDeflate.compress(r.baseAddress!, count: r.count, rowBytes: surface.width * bpp + 1,
                                                             into: o.baseAddress!)
                                case 2: FastDeflate.compress(r.baseAddress!, count: r.count, rowBytes: 0, into: o.baseAddress!)
                                default: Int(libdeflate_adler32(1, r.baseAddress, r.count))
                                }
                            }
                        }
                    }
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 20 / 1e6)
                }
                times.sort()
                parts += String(format: " %@ %.3f ms%@", ["libdeflate", "fast", "fast-no-rows", "adler32"][which], times[times.count / 2],
                                which < 3 ? " \(size) B" : "")
            }
            print("BENCH " + parts)
        }
    }
}
