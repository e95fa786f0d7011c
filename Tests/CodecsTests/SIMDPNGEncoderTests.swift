import Canvas
import Foundation
import Testing
@testable import Codecs
import CCodecs
import SeededRandom
import TestTier

/// Cairn's own SIMD PNG encoder (``PNGEncoder/Compressor/simd``) on every instruction-set path this CPU
/// runs: decoded pixels (Cairn's libpng decoder, libpng's simplified API, Pillow), pngcheck, identical
/// bytes across paths, and its CRC-32 and Adler-32 kernels against libdeflate's.
@Suite struct SIMDPNGEncoderTests {
    static let paths = PNGEncoder.SIMDPath.allCases.filter(\.isSupported)

    /// Odd and even sizes (PngSuite's 1…40), 1×1, a 4096-wide strip, flat, noisy and translucent images.
    static func surfaces() throws -> [(name: String, surface: Surface)] {
        var noise = SplitMix64(seed: 21)
        var result: [(String, Surface)] = []
        for side in 1...40 {
            result.append(("noise RGBA \(side)x\(side)", try TestImages.surface(width: side, height: side) { _, _ in
                RGBA8(r: noise.byte(), g: noise.byte(), b: noise.byte(), a: noise.byte())
            }))
            result.append(("shapes RGB \(side)x\(side + 3)", try TestImages.surface(width: side, height: side + 3) { x, y in
                (x / 3 + y / 2) % 3 == 0 ? RGBA8(r: 200, g: 10, b: 10, a: 255) : RGBA8(r: UInt8(x * 6), g: UInt8(y * 5), b: 99, a: 255)
            }))
        }
        result.append(("1x1 translucent", try TestImages.surface(width: 1, height: 1) { _, _ in RGBA8(r: 1, g: 2, b: 3, a: 4) }))
        result.append(("1x1 opaque", try TestImages.surface(width: 1, height: 1) { _, _ in RGBA8(r: 1, g: 2, b: 3, a: 255) }))
        result.append(("4096x3 gradient", try TestImages.surface(width: 4096, height: 3) { x, y in
            RGBA8(r: UInt8(x % 256), g: UInt8((x / 16) % 256), b: UInt8(y * 80), a: UInt8(255 - (x / 32) % 128))
        }))
        result.append(("4096x2 noise", try TestImages.surface(width: 4096, height: 2) { _, _ in
            RGBA8(r: noise.byte(), g: noise.byte(), b: noise.byte(), a: 255)
        }))
        result.append(("flat opaque", try TestImages.surface(width: 300, height: 300) { _, _ in RGBA8(r: 10, g: 20, b: 30, a: 255) }))
        result.append(("flat translucent", try TestImages.surface(width: 123, height: 45) { _, _ in RGBA8(r: 200, g: 20, b: 30, a: 99) }))
        result.append(("flat transparent", try TestImages.surface(width: 64, height: 64) { _, _ in RGBA8(r: 0, g: 0, b: 0, a: 0) }))
        result.append(("noise RGB 300x200", try TestImages.surface(width: 300, height: 200) { _, _ in
            RGBA8(r: noise.byte(), g: noise.byte(), b: noise.byte(), a: 255)
        }))
        // Pixels drawn from 16 colours: a short match nearly every pixel, far more than the room the
        // scratch keeps for matches, so the match list moves to the heap mid-search.
        let palette = (0..<16).map { i in
            RGBA8(r: noise.byte(), g: noise.byte(), b: noise.byte(), a: i % 2 == 0 ? 255 : 160)
        }
        result.append(("16-colour noise 160x160", try TestImages.surface(width: 160, height: 160) { _, _ in
            palette[Int(noise.byte() % 16)]
        }))
        result.append(("translucent over tile", try TestImages.translucentOverTile()))
        result.append(("opaque over tile", try TestImages.translucentOverTile(opaque: true)))
        result.append(("badge", try TestImages.badge()))
        result.append(("text badge", try TestImages.textBadge()))
        for name in Fixtures.validPNGSuite where name.hasPrefix("s") || name.hasPrefix("basn6") || name.hasPrefix("tbbn") {
            result.append(("PngSuite \(name)", try ImageDecoder.decode(try Fixtures.pngSuite(name))))
        }
        return result
    }

    static func encoder(_ filter: PNGEncoder.Filter, _ path: PNGEncoder.SIMDPath) -> PNGEncoder {
        var encoder = PNGEncoder(filter: filter, allowIndexed: false, compressor: .simd)
        encoder.simdPath = path
        return encoder
    }

    /// The straight-alpha RGBA bytes a PNG of `surface` must decode to.
    static func straightRGBA(_ surface: Surface) -> [UInt8] {
        surface.premultipliedPixels.flatMap { pixel -> [UInt8] in
            let c = RGBA8(premultiplied: pixel)
            return [c.r, c.g, c.b, c.a]
        }
    }

    @Test func everyPathDecodesToTheInputAndWritesTheSameBytes() throws {
        try #require(PNGCheck.isAvailable, "pngcheck is not installed at \(PNGCheck.path): install the pngcheck package")
        #expect(Self.paths.contains(.portable))
        for (name, surface) in try Self.surfaces() {
            for filter in [PNGEncoder.Filter.adaptive, .none, .sub, .up, .paeth] {
                let label = "\(name), \(filter)"
                let outputs = try Self.paths.map { try Self.encoder(filter, $0).encode(surface) }
                for (path, png) in zip(Self.paths, outputs) {
                    #expect(png == outputs[0], "\(label): \(path) differs from \(Self.paths[0])")
                }
                let png = outputs[0]
                #expect(PNGBytes.colorType(png) == (surface.isOpaque ? 2 : 6), "\(label)")
                #expect(try ImageDecoder.decode(png).premultipliedPixels == surface.premultipliedPixels, "\(label)")
                let reference = try #require(PNGReference.decode(png), "\(label)")
                #expect(reference.samples.map { UInt8($0) } == Self.straightRGBA(surface), "\(label)")
                if filter == .adaptive || name.hasPrefix("PngSuite") {
                    #expect(try PNGCheck.problems(png) == nil, "\(label)")
                }
            }
        }
    }

    @Test(.process) func pillowDecodesEveryPathsOutputToTheInput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-simd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [(URL, [UInt8], String)] = []
        for (index, (name, surface)) in try Self.surfaces().enumerated() {
            for path in Self.paths {
                let file = directory.appendingPathComponent("\(index)-\(path.rawValue).png")
                try Data(try Self.encoder(.adaptive, path).encode(surface)).write(to: file)
                files.append((file, Self.straightRGBA(surface), "\(name), \(path)"))
            }
        }
        try PillowPixels.decode(files.map(\.0))
        for (file, expected, label) in files {
            let decoded = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path + ".rgba")))
            #expect(decoded == expected, "\(label)")
        }
    }

    @Test func decodesToWhatTheLibdeflateWritersOutputDecodesTo() throws {
        for (name, surface) in try Self.surfaces().prefix(90) {
            let ours = try ImageDecoder.decode(try PNGEncoder(allowIndexed: false).encode(surface))
            let theirs = try ImageDecoder.decode(try PNGEncoder(allowIndexed: false, compressor: .libdeflate).encode(surface))
            #expect(ours.premultipliedPixels == theirs.premultipliedPixels, "\(name)")
        }
    }

    @Test func isTheDefaultForTruecolourAndIndexedImagesKeepTheirPath() throws {
        #expect(PNGEncoder().compressor == .simd)
        #expect(PNGEncoder().filter == .adaptive)
        let gradient = try TestImages.opaqueGradient()
        var forced = PNGEncoder(compressor: .simd)
        forced.simdPath = .portable
        #expect(try PNGEncoder().encode(gradient) == forced.encode(gradient))
        #expect(try PNGEncoder().encode(gradient) != PNGEncoder(compressor: .libdeflate).encode(gradient))
        let tile = try ImageDecoder.decode(try Fixtures.tile(2, 1, 1))
        let indexed = try PNGEncoder().encode(tile)
        #expect(PNGBytes.colorType(indexed) == 3)
        #expect(indexed == (try PNGEncoder(filter: .sub, compressor: .libdeflate).encode(tile)))
        #expect(try PNGEncoder().encode(gradient) == PNGEncoder().encode(gradient))
    }

    @Test func checksumKernelsMatchLibdeflate() {
        var noise = SplitMix64(seed: 5)
        let data = (0..<70_000).map { _ in noise.byte() }
        let ones = [UInt8](repeating: 255, count: 70_000)
        for path in Self.paths {
            for count in [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 1000, 5552, 5553, 65_536, 70_000] {
                for input in [data, ones] {
                    input.withUnsafeBufferPointer { buffer in
                        let base = buffer.baseAddress!
                        #expect(cairn_png_crc32(0, base, count, path.code) == libdeflate_crc32(0, base, count), "\(path) \(count)")
                        #expect(cairn_png_crc32(0xDEAD_BEEF, base + 3, count - min(count, 3), path.code)
                                == libdeflate_crc32(0xDEAD_BEEF, base + 3, count - min(count, 3)), "\(path) \(count)")
                        #expect(cairn_png_adler32(1, base, count, path.code) == libdeflate_adler32(1, base, count), "\(path) \(count)")
                    }
                }
            }
        }
    }
}

/// Runs `Tests/Support/png_pixels.py` with Pillow in the repository's test venv.
enum PillowPixels {
    static let script = AnimationReference.root.appendingPathComponent("Tests/Support/png_pixels.py")

    /// Writes each file's pixels as straight RGBA beside it (FILE.rgba); throws when the venv is missing or Pillow rejects one.
    static func decode(_ files: [URL]) throws {
        try TestTier.requireProcesses("Pillow (png_pixels.py)")
        let python = AnimationReference.python
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw AnimationReferenceError(description: """
                \(python.path) is missing: run `scripts/test-venv.sh` to make the test venv with Pillow
                """)
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path] + files.map(\.path)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AnimationReferenceError(description: "png_pixels.py: " + String(decoding: message, as: UTF8.self))
        }
    }
}
