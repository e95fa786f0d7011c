import Canvas
import Testing
@testable import Codecs

/// The alpha arithmetic the codecs rely on, checked exhaustively (256 × 256 cases each).
@Suite struct PremultiplyTests {
    /// Straight → premultiplied → straight. Premultiplying keeps only about `alpha` levels, so the
    /// straight value comes back within 1 only when alpha ≥ 128; below that the error is at most
    /// round(255 / (2·alpha)), the size of one premultiplied step. What a viewer sees — the
    /// premultiplied value — is always restored exactly.
    @Test func straightRoundTrip() {
        for alpha in 1...255 {
            let a = UInt8(alpha)
            let bound = max(1, (255 + alpha) / (2 * alpha))
            var worst = 0
            for value in 0...255 {
                let premultiplied = Premultiply.premultiply(UInt8(value), alpha: a)
                let back = Premultiply.unpremultiply(premultiplied, alpha: a)
                worst = max(worst, abs(Int(back) - value))
                if Premultiply.premultiply(back, alpha: a) != premultiplied {
                    Issue.record("alpha \(alpha) value \(value): premultiplied \(premultiplied) not restored")
                }
            }
            #expect(worst <= bound, "alpha \(alpha)")
            if alpha >= 128 { #expect(worst <= 1, "alpha \(alpha)") }
        }
    }

    /// Premultiplied → straight (what the encoders write) → premultiplied (what the decoders produce)
    /// is exact for every valid pixel, and the encoder's lookup table agrees with `Premultiply`.
    @Test func encoderDirectionIsExact() {
        var mismatches = 0
        for alpha in 0...255 {
            for value in 0...alpha {
                let straight = Premultiply.unpremultiply(UInt8(value), alpha: UInt8(alpha))
                if Premultiply.premultiply(straight, alpha: UInt8(alpha)) != UInt8(value) { mismatches += 1 }
                if unpremultiplyTable[alpha << 8 | value] != straight { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
