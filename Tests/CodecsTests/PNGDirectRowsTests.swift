import Canvas
import Foundation
import Testing
@testable import Codecs

/// The direct rows (`png_direct_rows.c`: IDAT inflated by libdeflate and unfiltered in the shim)
/// give libpng's pixels and libpng's errors, and are taken for the ordinary files they are for.
@Suite struct PNGDirectRowsTests {
    /// Decodes both ways; the outcome (pixels or message) of each, and whether the direct rows were taken.
    private struct Outcome: Equatable {
        var pixels: [UInt32]?
        var error: String?
    }

    private static func outcomes(_ bytes: [UInt8]) -> (direct: Outcome, libpng: Outcome, took: Bool) {
        func decode(_ rows: PNGDecoding.Rows) -> (Outcome, Bool) {
            bytes.withUnsafeBytes { raw in
                do {
                    let (surface, took) = try PNGDecoding.decode(raw, limits: DecodeLimits(maxSide: 1 << 15), rows: rows)
                    return (Outcome(pixels: surface.premultipliedPixels), took)
                } catch {
                    return (Outcome(error: "\(error)"), false)
                }
            }
        }
        let (direct, took) = decode(.direct)
        let (libpng, tookAnyway) = decode(.libpng)
        #expect(!tookAnyway, "the direct rows were taken although turned off")
        return (direct, libpng, took)
    }

    /// Whether a file is one the direct rows are for: not interlaced, palette, grey of 1-8 bits, 8-bit RGB or RGBA.
    private static func isOrdinary(_ png: [UInt8]) -> Bool {
        let (depth, colour, interlace) = (png[24], png[25], png[28])
        return interlace == 0 && (colour == 3 || (colour == 0 && depth <= 8) || ((colour == 2 || colour == 6) && depth == 8))
    }

    @Test(arguments: Fixtures.pngSuiteNames)
    func pngSuiteDecodesAlikeBothWays(name: String) throws {
        let bytes = try Fixtures.pngSuite(name)
        let (direct, libpng, took) = Self.outcomes(bytes)
        #expect(direct == libpng, "\(name): the direct rows and libpng differ")
        if !name.hasPrefix("x") { #expect(took == Self.isOrdinary(bytes), "\(name): direct rows taken: \(took)") }
    }

    @Test func realTilesTakeTheDirectRowsAndDecodeAlike() throws {
        #expect(Fixtures.tilePaths.count >= 20)
        for path in Fixtures.tilePaths {
            let bytes = [UInt8](try Data(contentsOf: path))
            let (direct, libpng, took) = Self.outcomes(bytes)
            #expect(took, "\(path.lastPathComponent)")
            #expect(direct.pixels != nil && direct == libpng, "\(path.path)")
        }
    }

    /// Our own encodes of every row filter and colour kind (the encoder's adaptive choice uses all five filters).
    @Test func everyFilterAndColourKindDecodesAlike() throws {
        // Rows of more than 64 kB too (the first row's zero row above is then allocated).
        let wide = try TestImages.surface(width: 17_000, height: 3) { x, y in
            RGBA8(r: UInt8(x % 251), g: UInt8((x * y) % 256), b: UInt8(x / 67 % 256), a: UInt8(128 + x % 128))
        }
        let images = [try TestImages.badge(size: 61), try TestImages.opaqueGradient(width: 77, height: 19),
                      try TestImages.translucentGradient(width: 33, height: 40), wide]
        for image in images {
            for filter in PNGEncoder.Filter.allCases {
                for indexed in [false, true] {
                    let bytes = try PNGEncoder(filter: filter, allowIndexed: indexed, compressor: .libdeflate).encode(image)
                    let (direct, libpng, took) = Self.outcomes(bytes)
                    #expect(took && direct == libpng && direct.pixels == image.premultipliedPixels, "\(filter) indexed \(indexed)")
                }
            }
        }
    }

    /// A tile rebuilt with changed chunks, CRCs recomputed.
    private static func rebuilt(_ png: [UInt8], _ change: ([APNGChunks.Chunk]) -> [APNGChunks.Chunk]) -> [UInt8] {
        change(APNGChunks(png).chunks).reduce(PNGBytes.signature) { $0 + PNGBytes.chunk($1.type, $1.data) }
    }

    private static func idat(_ chunks: [APNGChunks.Chunk]) -> [UInt8] { chunks.filter { $0.type == "IDAT" }.flatMap(\.data) }

    @Test func unusualButValidLayoutsDecodeAlike() throws {
        let tile = try Fixtures.tile(2, 2, 1)
        let reference = try #require(Self.outcomes(tile).libpng.pixels)
        // The image data cut into IDATs of 1, 7 and 1000 bytes, with an empty one between.
        for size in [1, 7, 1000] {
            let split = Self.rebuilt(tile) { chunks in
                let data = Self.idat(chunks)
                let pieces = stride(from: 0, to: data.count, by: size).map { APNGChunks.Chunk(type: "IDAT", data: Array(data[$0..<min($0 + size, data.count)]), crcMatches: true) }
                let empty = APNGChunks.Chunk(type: "IDAT", data: [], crcMatches: true)
                let head = chunks.prefix { $0.type != "IDAT" }
                return Array(head) + [pieces[0], empty] + pieces.dropFirst() + chunks.filter { $0.type != "IDAT" }.dropFirst(head.count)
            }
            let (direct, libpng, took) = Self.outcomes(split)
            #expect(took && direct.pixels == reference && libpng.pixels == reference, "IDATs of \(size) bytes")
        }
        // Ancillary chunks after the data: skipped by both.
        let trailing = Self.rebuilt(tile) { chunks in
            chunks.dropLast() + [APNGChunks.Chunk(type: "tEXt", data: Array("Comment\0after".utf8), crcMatches: true),
                                 APNGChunks.Chunk(type: "zzZz", data: [1, 2, 3], crcMatches: true), chunks.last!]
        }
        let (direct, libpng, took) = Self.outcomes(trailing)
        #expect(took && direct.pixels == reference && libpng == direct)
    }

    /// Whatever the direct rows refuse, libpng decides: the same pixels or the same message.
    @Test func damagedDataIsLeftToLibpng() throws {
        let tile = try Fixtures.tile(2, 2, 1)
        var variants: [(String, [UInt8])] = []
        // A wrong Adler-32 (CRCs right): libpng does not check it and decodes.
        variants.append(("adler", Self.rebuilt(tile) { chunks in
            chunks.map { chunk in
                guard chunk.type == "IDAT" else { return chunk }
                var changed = chunk
                changed.data[changed.data.count - 1] ^= 0xFF
                return changed
            }
        }))
        // Bytes after the zlib stream inside IDAT.
        variants.append(("extra", Self.rebuilt(tile) { chunks in
            chunks.map { chunk in
                guard chunk.type == "IDAT" else { return chunk }
                var changed = chunk
                changed.data += [0, 0, 0, 0]
                return changed
            }
        }))
        // A bad CRC, no IEND, a second image data run, a critical chunk after the data.
        var badCRC = tile
        badCRC[tile.count - 20] ^= 0x40
        variants.append(("crc", badCRC))
        variants.append(("no IEND", Array(tile.dropLast(12))))
        variants.append(("IDAT after tEXt", Self.rebuilt(tile) { chunks in
            chunks.dropLast() + [APNGChunks.Chunk(type: "tEXt", data: Array("a\0b".utf8), crcMatches: true),
                                 chunks.first { $0.type == "IDAT" }!, chunks.last!]
        }))
        variants.append(("PLTE after IDAT", Self.rebuilt(tile) { chunks in
            chunks.dropLast() + [chunks.first { $0.type == "PLTE" }!, chunks.last!]
        }))
        // Truncations at every 97th byte.
        for end in stride(from: 40, to: tile.count, by: 97) { variants.append(("cut at \(end)", Array(tile.prefix(end)))) }
        for (label, bytes) in variants {
            let (direct, libpng, took) = Self.outcomes(bytes)
            #expect(!took, "\(label): the direct rows took a damaged file")
            #expect(direct == libpng, "\(label): \(direct.error ?? "pixels") vs \(libpng.error ?? "pixels")")
        }
    }
}
