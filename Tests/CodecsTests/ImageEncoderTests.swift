import Canvas
import Testing
@testable import Codecs

@Suite struct ImageEncoderTests {
    @Test func everyFormatRoundTrips() throws {
        let badge = try TestImages.badge()
        let encoders: [ImageEncoder] = [.png(PNGEncoder()), .jpeg(quality: 90), .webp(quality: 90, lossless: false),
                                        .webp(quality: 90, lossless: true)]
        for encoder in encoders {
            let bytes = try encoder.encode(badge)
            #expect(ImageFormat.sniff(bytes) == encoder.format, "\(encoder)")
            let decoded = try ImageDecoder.decode(bytes)
            #expect(decoded.width == 96 && decoded.height == 96)
            let centre = decoded.pixel(x: 48, y: 48)
            #expect(centre.distance(to: badge.pixel(x: 48, y: 48).composited(overWhite: encoder.format == .jpeg)) <= 8, "\(encoder)")
        }
    }

    @Test func defaultsPerFormat() {
        for format in ImageFormat.allCases {
            #expect(ImageEncoder.default(for: format).format == format)
        }
        #expect(EncodeOptions.default(for: .jpeg) == .jpeg(quality: 85))
        #expect(EncodeOptions.default(for: .png) == .png(PNGEncoder(level: PNGEncoder.defaultLevel, filter: PNGEncoder.defaultFilter)))
    }

    @Test func oversizedWebPIsAnEncodeError() throws {
        let wide = try Surface(width: 16_384, height: 1)
        #expect(throws: CodecError.encodeFailed("WebP: WebP images are limited to 16383 pixels a side")) {
            try WebPEncoder().encode(wide)
        }
    }
}

extension RGBA8 {
    /// This colour over white when `flag`, as JPEG encoding does.
    func composited(overWhite flag: Bool) -> RGBA8 {
        guard flag else { return self }
        let alpha = Int(a)
        func over(_ c: UInt8) -> UInt8 {
            let sum: Int = Int(c) * alpha + 255 * (255 - alpha) + 127
            return UInt8(sum / 255)
        }
        return RGBA8(r: over(r), g: over(g), b: over(b), a: 255)
    }
}
