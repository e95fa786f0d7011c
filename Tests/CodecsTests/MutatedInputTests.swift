import Canvas
import Testing
@testable import Codecs

/// Randomly damaged inputs (deterministic seed) never crash a decoder: each one either decodes to a
/// sane surface or is refused with a CodecError that explains itself.
@Suite struct MutatedInputTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % max(bound, 1)
        }
    }

    static func seeds() throws -> [[UInt8]] {
        let badge = try TestImages.badge(size: 40)
        return [
            try Fixtures.pngSuite("basn6a08.png"), try Fixtures.pngSuite("basi3p04.png"), try Fixtures.pngSuite("basn0g16.png"),
            try JPEGEncoder().encode(badge), try JPEGEncoder(progressive: true).encode(badge),
            try WebPEncoder().encode(badge), try WebPEncoder(lossless: true).encode(badge),
        ]
    }

    /// Rewrites every chunk CRC of a (damaged) PNG so the damage reaches libpng's deeper checks.
    static func fixingCRCs(_ png: [UInt8]) -> [UInt8] {
        guard png.count > 8, ImageFormat.sniff(png) == .png else { return png }
        var result = Array(png[0..<8]), offset = 8
        while offset + 12 <= png.count {
            let length = Int(PNGBytes.bigEndianValue(png, at: offset))
            guard length <= png.count - offset - 12 else { break }
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            result += PNGBytes.chunk(type, Array(png[(offset + 8)..<(offset + 8 + length)]))
            offset += 12 + length
        }
        return result + png[offset...]
    }

    @Test func damagedInputsAreDecodedOrRefused() throws {
        var random = Generator(state: 42)
        let seeds = try Self.seeds()
        var refused = 0, decoded = 0
        for round in 0..<1500 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + random.next(6)) {
                switch random.next(4) {
                case 0: bytes[random.next(bytes.count)] = UInt8(random.next(256))
                case 1: bytes[random.next(bytes.count)] ^= UInt8(1 << random.next(8))
                case 2: bytes.removeLast(random.next(bytes.count / 2))
                default: bytes.insert(contentsOf: (0..<random.next(12)).map { _ in UInt8(random.next(256)) }, at: random.next(bytes.count))
                }
            }
            if round % 2 == 0 { bytes = Self.fixingCRCs(bytes) }
            do {
                let surface = try ImageDecoder.decode(bytes)
                #expect(surface.width > 0 && surface.width <= 8192 && surface.height > 0 && surface.height <= 8192)
                decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                refused += 1
            }
        }
        #expect(refused > 500)  // most damage is detected
    }
}
