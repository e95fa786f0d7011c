import Canvas
import Foundation
import Testing
@testable import Codecs

/// Every valid PngSuite image decodes to the same pixels as an independent decoder, survives a
/// PNGEncoder round trip unchanged, and every corrupt one is refused with a typed error.
@Suite struct PNGSuiteDecodeTests {
    @Test func suiteIsPresent() {
        #expect(Fixtures.validPNGSuite.count >= 150)
        #expect(Fixtures.corruptPNGSuite.count >= 14)
    }

    /// Reference: libpng's simplified API (`PNGReference`) on the same file with the gamma and colour
    /// chunks removed (Cairn ignores them; the simplified API would apply them).
    /// 1- to 8-bit files: the reference's straight RGBA, premultiplied here with Cairo's rounding,
    /// must match exactly. 16-bit files: Cairn scales each straight sample to 8 bits as
    /// round(v × 255 / 65535) and then premultiplies; the reference premultiplies at 16 bits, scaled
    /// here the same way; the two orders may differ by 1.
    @Test(arguments: Fixtures.validPNGSuite)
    func matchesReferenceDecoder(name: String) throws {
        let bytes = try Fixtures.pngSuite(name)
        let surface = try ImageDecoder.decode(bytes)
        let untagged = PNGBytes.removingChunks(["gAMA", "cHRM", "sRGB", "iCCP"], from: bytes)
        let sixteenBit = PNGBytes.bitDepth(bytes) == 16
        let reference = try #require(sixteenBit ? PNGReference.decodeLinear16(untagged) : PNGReference.decode(untagged),
                                     "reference decoder refused \(name)")
        #expect(surface.width == reference.width && surface.height == reference.height)
        let tolerance = sixteenBit ? 1 : 0
        var worst = 0, worstAt = (0, 0)
        let pixels = surface.premultipliedPixels
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let i = (y * reference.width + x) * 4
                let s = reference.samples
                let expected: UInt32
                if sixteenBit {
                    func scale(_ v: UInt16) -> UInt32 { (UInt32(v) * 255 + 32767) / 65535 }
                    expected = scale(s[i + 3]) << 24 | scale(s[i]) << 16 | scale(s[i + 1]) << 8 | scale(s[i + 2])
                } else {
                    expected = RGBA8(r: UInt8(s[i]), g: UInt8(s[i + 1]), b: UInt8(s[i + 2]), a: UInt8(s[i + 3])).premultiplied
                }
                let actual = pixels[y * surface.width + x]
                for shift in stride(from: 0, through: 24, by: 8) {
                    let difference = abs(Int((expected >> UInt32(shift)) & 0xFF) - Int((actual >> UInt32(shift)) & 0xFF))
                    if difference > worst { worst = difference; worstAt = (x, y) }
                }
            }
        }
        #expect(worst <= tolerance, "\(name): premultiplied channels differ by \(worst) at \(worstAt)")
    }

    /// PngSuite's interlaced files hold the same pictures as their non-interlaced twins.
    @Test func interlacedFilesMatchTheirTwins() throws {
        let twins = Fixtures.validPNGSuite.filter { $0.hasPrefix("basi") || $0.hasPrefix("bgai") }
        #expect(twins.count >= 15)
        for name in twins {
            let twin = name.replacingOccurrences(of: "basi", with: "basn").replacingOccurrences(of: "bgai", with: "bgan")
            guard Fixtures.validPNGSuite.contains(twin) else { continue }
            let interlaced = try ImageDecoder.decode(try Fixtures.pngSuite(name))
            let plain = try ImageDecoder.decode(try Fixtures.pngSuite(twin))
            #expect(interlaced.premultipliedPixels == plain.premultipliedPixels, "\(name) vs \(twin)")
        }
    }

    @Test(arguments: Fixtures.validPNGSuite)
    func survivesEncodeRoundTrip(name: String) throws {
        let original = try ImageDecoder.decode(try Fixtures.pngSuite(name))
        for encoder in [PNGEncoder(), PNGEncoder(filter: .adaptive, allowIndexed: false)] {
            let decoded = try ImageDecoder.decode(try encoder.encode(original))
            #expect(decoded.premultipliedPixels == original.premultipliedPixels, "\(name) with \(encoder)")
        }
    }

    @Test(arguments: Fixtures.corruptPNGSuite)
    func refusesCorruptFile(name: String) throws {
        let bytes = try Fixtures.pngSuite(name)
        do {
            let surface = try ImageDecoder.decode(bytes)
            Issue.record("\(name) decoded to \(surface.width)x\(surface.height)")
        } catch {
            switch error {
            case .corrupt(.png, let reason): #expect(!reason.isEmpty)
            case .unknownFormat: break
            default: Issue.record("\(name): unexpected error \(error)")
            }
        }
    }

    @Test func corruptFilesNameTheProblem() throws {
        #expect(throws: CodecError.corrupt(.png, "IDAT: CRC error")) { try ImageDecoder.decode(try Fixtures.pngSuite("xcsn0g01.png")) }
        #expect(throws: CodecError.corrupt(.png, "IHDR: CRC error")) { try ImageDecoder.decode(try Fixtures.pngSuite("xhdn0g08.png")) }
        #expect(throws: CodecError.corrupt(.png, "invalid PNG signature")) { try ImageDecoder.decode(try Fixtures.pngSuite("xlfn0g04.png")) }
    }
}
