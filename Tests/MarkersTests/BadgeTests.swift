import Canvas
import Codecs
import Foundation
import Markers
import Testing

@Suite struct BadgeTests {
    @Test(arguments: [(5, 5), (15, 10), (25, 20), (75, 50), (150, 100), (300, 200), (700, 500), (5000, 1000)])
    func googleFillFollowsTheAndroidHueFormula(count: Int, bucket: Int) throws {
        let layout = try BadgeStyle.google.layout(for: count)
        let hue = pow(300 - Double(min(bucket, 300)), 2) / (300 * 300) * 220
        let expected = Color(hue: hue, saturation: 1, value: 0.6).pixel
        let image = try layout.render(scale: 1)
        #expect(image.width == 48 && image.height == 48)
        // Inside the disc, left of the label: the fill. On the ring: white at 50 %.
        expectPixel(image, 6, 24, expected)
        expectPixel(image, 1, 24, RGBA8(r: 255, g: 255, b: 255, a: 128), tolerance: 3)
        // Transparent outside the circle.
        for (x, y) in [(0, 0), (47, 0), (0, 47), (47, 47)] { #expect(image.pixel(x: x, y: y).a == 0) }
    }

    @Test func googleLabelIsLightGreyBoldText() throws {
        let image = try BadgeStyle.google.layout(for: 5).render(scale: 4)
        // The digit 5's ink: some pixel near the centre is the text colour #EEEEEE.
        var found = false
        for y in 80...112 { for x in 80...112 where image.pixel(x: x, y: y).distance(to: rgba("#eeeeee")) <= 4 { found = true } }
        #expect(found)
    }

    @Test(arguments: [(5, "#0099cc"), (10, "#0099cc"), (75, "#669900"), (150, "#ff8800"), (500, "#cc0000"), (5000, "#9933cc")])
    func iosFillsPerBucket(count: Int, fill: String) throws {
        let layout = try BadgeStyle.ios.layout(for: count)
        let image = try layout.render(scale: 2)
        let side = image.width
        expectPixel(image, 4 * 2 - 2, side / 2, rgba(fill), tolerance: 3)
        #expect(image.pixel(x: 0, y: 0).a == 0)
    }

    @Test func iosDiameterGrowsWithTheBucket() throws {
        let sizes = try [5, 10, 50, 100, 200, 1000].map { try BadgeStyle.ios.layout(for: $0).diameter }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(sizes)")
        #expect(sizes.last! > sizes.first!)
        #expect(sizes.first! >= 26)   // max(20, label) + 6
    }

    @Test(arguments: [(5, 0), (50, 1), (500, 2)])
    func leafletDrawsTwoTranslucentDiscs(count: Int, size: Int) throws {
        let outer = [rgba("rgba(181,226,140,.6)"), rgba("rgba(241,211,87,.6)"), rgba("rgba(253,156,115,.6)")][size]
        let inner = [rgba("rgba(110,204,57,.6)"), rgba("rgba(240,194,12,.6)"), rgba("rgba(241,128,23,.6)")][size]
        let image = try BadgeStyle.leaflet.layout(for: count).render(scale: 2)
        #expect(image.width == 80)
        expectPixel(image, 5, 40, outer, tolerance: 3)            // in the 5 pt band: the outer disc only
        expectPixel(image, 14, 40, over(inner, outer), tolerance: 3) // inside 30 pt: inner over outer
        #expect(image.pixel(x: 1, y: 1).a == 0)
    }

    @Test(arguments: [1, 12, 1234, 123_456_789])
    func labelAlwaysFitsInsideTheDisc(count: Int) throws {
        for style in [BadgeStyle.google, .ios, .leaflet] {
            let layout = try style.layout(for: count, label: .exact)
            let image = try layout.render(scale: 2)
            let centre = Double(image.width) / 2
            let innerRadius = (layout.diameter / 2 - layout.ringWidth) * 2
            // No text-coloured pixel outside the fill disc.
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let distance = ((Double(x) + 0.5 - centre) * (Double(x) + 0.5 - centre) + (Double(y) + 0.5 - centre) * (Double(y) + 0.5 - centre)).squareRoot()
                    if distance > innerRadius - 1 {
                        #expect(image.pixel(x: x, y: y).distance(to: layout.textColor.pixel) > 40,
                                "\(style.name) \(count): text at (\(x), \(y))")
                    }
                }
            }
        }
    }

    @Test func longLabelsShrinkTheFont() throws {
        let short = try BadgeStyle.leaflet.layout(for: 5, label: .exact)
        let long = try BadgeStyle.leaflet.layout(for: 123_456_789, label: .exact)
        #expect(short.font.size == 12)
        #expect(long.font.size < 8)
    }

    @Test(arguments: [1.0, 2, 3, 4])
    func scalesPixelDimensions(scale: Double) throws {
        let image = try BadgeStyle.google.layout(for: 42).render(scale: scale)
        #expect(image.width == Int(48 * scale) && image.height == Int(48 * scale))
        expectPixel(image, Int(6 * scale), Int(24 * scale), try BadgeStyle.google.layout(for: 42).fill.pixel)
    }

    @Test func renderingIsDeterministic() throws {
        let layout = try BadgeStyle.google.layout(for: 42)
        #expect(try layout.encoded(as: .png, scale: 2) == layout.encoded(as: .png, scale: 2))
    }

    @Test func pngDecodesToTheRenderedPixels() throws {
        let layout = try BadgeStyle.ios.layout(for: 150)
        let rendered = try layout.render(scale: 2)
        let decoded = try ImageDecoder.decode(try layout.encoded(as: .png, scale: 2))
        #expect(decoded.width == rendered.width)
        for (x, y) in [(0, 0), (20, 30), (30, 30), (40, 45)] {
            expectPixel(decoded, x, y, rendered.pixel(x: x, y: y), tolerance: 1)
        }
    }

    @Test(arguments: BadgeOutputFormat.allCases)
    func writesEveryFormat(format: BadgeOutputFormat) throws {
        let bytes = try BadgeStyle.google.layout(for: 42).encoded(as: format, scale: 2)
        let head = String(decoding: bytes.prefix(8), as: UTF8.self)
        switch format {
        case .png: #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .svg: #expect(String(decoding: bytes, as: UTF8.self).contains("<svg"))
        case .pdf: #expect(head.hasPrefix("%PDF-"))
        }
    }

    @Test func shadowDarkensBelowTheDisc() throws {
        var style = BadgeStyle.google
        style.shadow = BadgeStyle.Shadow(color: Color.black.withAlpha(0.5), blur: 2, offsetX: 0, offsetY: 2)
        let layout = try style.layout(for: 42)
        let image = try layout.render(scale: 2)
        #expect(image.width > 96)
        let centre = image.width / 2
        let below = image.pixel(x: centre, y: centre + 48 + 3)   // just under the disc's bottom edge
        let above = image.pixel(x: centre, y: centre - 48 - 3)
        #expect(below.a > above.a + 10, "shadow below \(below) vs above \(above)")
        #expect(image.pixel(x: 0, y: 0).a == 0)
    }
}
