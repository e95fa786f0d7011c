import Canvas
import Foundation
@testable import Codecs
import SeededRandom

/// Test inputs and helpers shared by the Codecs tests.
enum Fixtures {
    /// `Tests/Fixtures`, found from this file's path.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let pngSuiteDirectory = directory.appendingPathComponent("pngsuite")

    /// Every PngSuite image, sorted.
    static let pngSuiteNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pngSuiteDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted()
    }()

    /// The valid PngSuite images (names not starting with `x`).
    static let validPNGSuite = pngSuiteNames.filter { !$0.hasPrefix("x") }
    /// The deliberately corrupt PngSuite images.
    static let corruptPNGSuite = pngSuiteNames.filter { $0.hasPrefix("x") }

    static func pngSuite(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: pngSuiteDirectory.appendingPathComponent(name)))
    }

    /// A real 256x256 map tile (4-bit paletted PNG).
    static func tile(_ z: Int, _ x: Int, _ y: Int) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent("tiles/world/\(z)/\(x)/\(y).png")))
    }

    /// Every tile file under `tiles/world`.
    static let tilePaths: [URL] = {
        let root = directory.appendingPathComponent("tiles/world")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "png" }
            .sorted { $0.path < $1.path }
    }()
}

// MARK: - Images made in the tests

enum TestImages {
    /// An antialiased translucent-edged circle on transparency, like a cluster badge.
    static func badge(size: Int = 96) throws -> Surface {
        let surface = try Surface(width: size, height: size)
        let context = Context(surface)
        context.circle(center: Point(x: Double(size) / 2, y: Double(size) / 2), radius: Double(size) / 2 - 4)
        context.setColor(Color(r: 0, g: 153, b: 204, a: 230))
        context.fill(preserve: true)
        context.setColor(Color(r: 255, g: 255, b: 255, a: 200))
        context.stroke(width: 3)
        try context.checkStatus()
        return surface
    }

    /// A surface whose every pixel is given by `color(x, y)` (straight alpha).
    static func surface(width: Int, height: Int, _ color: (Int, Int) -> RGBA8) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        surface.withMutablePixels { pixels, stride in
            for y in 0..<height {
                for x in 0..<width { pixels[y * stride + x] = color(x, y).premultiplied }
            }
        }
        return surface
    }

    /// An opaque smooth gradient with far more than 256 colours.
    static func opaqueGradient(width: Int = 64, height: Int = 48) throws -> Surface {
        try surface(width: width, height: height) { x, y in
            RGBA8(r: UInt8(x * 255 / (width - 1)), g: UInt8(y * 255 / (height - 1)), b: UInt8((x * y) % 256), a: 255)
        }
    }

    /// A translucent gradient with far more than 256 colours and every alpha from 0 to 255.
    static func translucentGradient(width: Int = 64, height: Int = 64) throws -> Surface {
        try surface(width: width, height: height) { x, y in
            RGBA8(r: UInt8((x * 4) % 256), g: UInt8((y * 4) % 256), b: UInt8((x + y) % 256), a: UInt8((y * width + x) % 256))
        }
    }

    /// Few colours: `colors` straight-alpha values repeated in stripes.
    static func stripes(_ colors: [RGBA8], width: Int = 40, height: Int = 30) throws -> Surface {
        try surface(width: width, height: height) { x, y in colors[(x / 3 + y) % colors.count] }
    }

    /// A translucent gradient over the real tile 2/2/1: every pixel differs.
    static func translucentOverTile(opaque: Bool = false) throws -> Surface {
        let tile = try ImageDecoder.decode(try Fixtures.tile(2, 2, 1))
        let pixels = tile.premultipliedPixels
        return try surface(width: tile.width, height: tile.height) { x, y in
            let t = RGBA8(premultiplied: pixels[y * tile.width + x])
            return RGBA8(r: UInt8((Int(t.r) * 3 + x) / 4), g: UInt8((Int(t.g) * 3 + y) / 4),
                         b: UInt8((Int(t.b) + (x + y) / 2) / 2), a: opaque ? 255 : UInt8(60 + (x + 2 * y) * 195 / 765))
        }
    }

    /// A badge (circle + ring) with a band of text-like antialiased noise in the middle.
    static func textBadge(size: Int = 96) throws -> Surface {
        let surface = try badge(size: size)
        var noise = SplitMix64(seed: 7)
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
}

extension SplitMix64 {
    /// The low byte of the next value: noise pixels that reproduce from the seed.
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

// MARK: - Pixel comparison

extension Surface {
    /// All premultiplied pixels, row by row, without stride padding.
    var premultipliedPixels: [UInt32] {
        withPixels { pixels, stride in
            var result: [UInt32] = []
            result.reserveCapacity(width * height)
            for y in 0..<height {
                for x in 0..<width { result.append(pixels[y * stride + x]) }
            }
            return result
        }
    }

    /// The largest per-channel difference of straight-alpha pixels to another surface of the same size
    /// (colour channels of fully transparent pixels are ignored).
    func maximumDifference(to other: Surface) -> Int {
        precondition(width == other.width && height == other.height)
        var worst = 0
        for (p, q) in zip(premultipliedPixels, other.premultipliedPixels) {
            let a = RGBA8(premultiplied: p), b = RGBA8(premultiplied: q)
            worst = max(worst, a.a == 0 && b.a == 0 ? 0 : a.distance(to: b))
        }
        return worst
    }
}

// MARK: - PNG bytes

enum PNGBytes {
    /// The colour type byte of a PNG's IHDR.
    static func colorType(_ png: [UInt8]) -> UInt8 { png[25] }
    /// The bit depth byte of a PNG's IHDR.
    static func bitDepth(_ png: [UInt8]) -> UInt8 { png[24] }

    /// The chunk types in order.
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(bigEndianValue(png, at: offset))
            types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    /// The PNG without the given (ancillary) chunks; the other chunks and their CRCs are untouched.
    static func removingChunks(_ names: Set<String>, from png: [UInt8]) -> [UInt8] {
        var result = Array(png[0..<8])
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(bigEndianValue(png, at: offset))
            let end = min(offset + 12 + length, png.count)
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if !names.contains(type) { result += png[offset..<end] }
            offset = end
        }
        return result
    }

    /// A chunk with its length and CRC (CRC-32 computed here, bit by bit, independently of libdeflate).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndianValue(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG made of a signature and an IHDR only (8-bit RGBA).
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        signature + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
    }
}

// MARK: - pngcheck

enum PNGCheck {
    static let path = "/usr/bin/pngcheck"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `pngcheck -q` on the bytes; returns nil when it accepts them, else its output.
    static func problems(_ png: [UInt8]) throws -> String? {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("cairn-codecs-\(UUID().uuidString).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-q", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : String(decoding: output, as: UTF8.self)
    }
}
