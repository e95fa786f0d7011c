import Canvas
import Codecs
import Foundation
import Markers
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Badges drawn with their parts: donut, pie and dominant, checked by the colour of pixels at
/// known bearings and radii.
@Suite struct PartsBadgeTests {
    private let red = rgba("#e6194b"), green = rgba("#3cb44b"), blue = rgba("#4363d8")

    private func parts(_ counts: [(String, Int)]) throws -> BadgeParts {
        try BadgeParts(counts.map { (name: $0.0, count: $0.1, color: nil) })
    }

    @Test func donutArcsFollowTheCountsClockwiseFromTwelve() throws {
        let layout = try BadgeStyle.google.layout(for: 42, parts: parts([("a", 30), ("b", 10)]), look: .donut)
        let image = try layout.render(scale: 2)
        #expect(image.width == 96 && image.height == 96)
        // google is 48 pt across; the ring of arcs is 7 pt wide (15 % of the diameter), from 17 to 24 pt.
        #expect(layout.ringWidth == 7)
        for bearing in [10.0, 45, 90, 180, 265] { expectPixel(image, bearing: bearing, radius: 20.5, red) }
        for bearing in [275.0, 315, 355] { expectPixel(image, bearing: bearing, radius: 20.5, green) }
        // Inside the ring: the style's fill for the count (bucket 20's hue), around the label.
        let fill = try BadgeStyle.google.layout(for: 42).fill.pixel
        for bearing in [0.0, 90, 180, 270] { expectPixel(image, bearing: bearing, radius: 15.5, fill) }
        // The ring replaces the style's white outline: nothing white at the edge.
        #expect(pixel(image, bearing: 45, radius: 23, scale: 2).distance(to: red) <= 2)
        // Round, transparent outside.
        for (x, y) in [(0, 0), (95, 0), (0, 95), (95, 95)] { #expect(image.pixel(x: x, y: y).a == 0) }
        #expect(pixel(image, bearing: 30, radius: 24.8, scale: 2).a < 255)
    }

    @Test func aTranslucentFillLooksAsOnThePlainBadge() throws {
        // leaflet's 60 % fill over its 60 % outer disc: the donut's middle is the plain badge's middle.
        let donut = try BadgeStyle.leaflet.layout(for: 42, parts: parts([("a", 1), ("b", 1)]), look: .donut).render(scale: 2)
        let plain = try BadgeStyle.leaflet.layout(for: 42).render(scale: 2)
        for bearing in [90.0, 270] {
            expectPixel(donut, bearing: bearing, radius: 11, pixel(plain, bearing: bearing, radius: 11, scale: 2))
        }
        expectPixel(donut, bearing: 90, radius: 17, red)
    }

    @Test func aOneInAThousandPartStillShowsAsAThreeDegreeSliver() throws {
        let layout = try BadgeStyle.google.layout(for: 1000, parts: parts([("a", 999), ("b", 1)]), look: .donut)
        #expect(layout.slices.map(\.degrees) == [357, 3])
        let image = try layout.render(scale: 4)
        expectPixel(image, bearing: 358.5, radius: 20.5, green, scale: 4, tolerance: 6)
        expectPixel(image, bearing: 354, radius: 20.5, red, scale: 4)
        expectPixel(image, bearing: 3, radius: 20.5, red, scale: 4)
    }

    @Test func neighbouringSlicesLeaveNoSeam() throws {
        // Slices sharing an edge are smoothed against each other, not against the transparent
        // background: along every boundary the badge stays opaque.
        let breakdown = try parts([("a", 1), ("b", 1), ("c", 1), ("d", 1), ("e", 1), ("f", 1)])
        for look in [PartsLook.donut, .pie] {
            let image = try BadgeStyle.google.layout(for: 6, parts: breakdown, look: look).render(scale: 2)
            for bearing in stride(from: 0.0, to: 360, by: 60) {
                #expect(pixel(image, bearing: bearing, radius: 21, scale: 2).a == 255, "\(look) at \(bearing)°")
            }
        }
    }

    @Test func donutLabelSitsOnTheFillInsideTheRing() throws {
        for style in [BadgeStyle.google, .ios, .leaflet] {
            for count in [7, 42, 1234, 123_456_789] {
                let layout = try style.layout(for: count, label: .exact, parts: parts([("a", 1), ("b", 1)]), look: .donut)
                let image = try layout.render(scale: 2)
                let textColor = layout.base.textColor.pixel
                let inner = (layout.base.diameter / 2 - layout.ringWidth) * 2
                let centre = Double(image.width) / 2
                // Some text in the middle, none on the ring.
                var inside = 0
                for y in 0..<image.height {
                    for x in 0..<image.width where image.pixel(x: x, y: y).distance(to: textColor) <= 30 {
                        let distance = ((Double(x) + 0.5 - centre) * (Double(x) + 0.5 - centre) + (Double(y) + 0.5 - centre) * (Double(y) + 0.5 - centre)).squareRoot()
                        #expect(distance < inner - 1, "\(style.name) \(count): text at (\(x), \(y))")
                        inside += 1
                    }
                }
                #expect(inside > 0, "\(style.name) \(count): no label")
            }
        }
    }

    @Test func everyLookKeepsTheStylesDiameterPerBucket() throws {
        for style in [BadgeStyle.google, .ios, .leaflet] {
            for count in [3, 42, 150, 5000] {
                let plain = try style.layout(for: count)
                for look in PartsLook.allCases {
                    let layout = try style.layout(for: count, parts: parts([("a", 2), ("b", 1)]), look: look)
                    #expect(layout.canvasSide == plain.canvasSide && layout.base.diameter == plain.diameter)
                    #expect(try layout.render(scale: 2).width == plain.render(scale: 2).width)
                }
            }
        }
    }

    @Test func pieCutsTheWholeDiscAndHalosTheLabel() throws {
        let layout = try BadgeStyle.google.layout(for: 42, parts: parts([("a", 30), ("b", 10)]), look: .pie)
        let image = try layout.render(scale: 2)
        for bearing in [45.0, 135, 200] {
            for radius in [14.0, 23] { expectPixel(image, bearing: bearing, radius: radius, red) }
        }
        for radius in [14.0, 23] { expectPixel(image, bearing: 315, radius: radius, green) }
        // The label: the style's light text and, around it, the dark halo over the slices.
        var text = 0, halo = 0
        let haloOverRed = over(RGBA8(r: 0, g: 0, b: 0, a: 178), red)
        for y in 30..<66 {
            for x in 24..<72 {
                let p = image.pixel(x: x, y: y)
                if p.distance(to: rgba("#eeeeee")) <= 4 { text += 1 }
                if p.distance(to: haloOverRed) <= 4 { halo += 1 }
            }
        }
        #expect(text > 20 && halo > 20, "text pixels \(text), halo pixels \(halo)")
        // Nothing of the style's fill is left.
        let fill = try BadgeStyle.google.layout(for: 42).fill.pixel
        #expect(pixel(image, bearing: 90, radius: 20, scale: 2).distance(to: fill) > 40)
    }

    @Test func pieHaloIsLightBehindDarkText() throws {
        // leaflet's text is #222222: the halo is white.
        let layout = try BadgeStyle.leaflet.layout(for: 42, parts: parts([("a", 1)]), look: .pie)
        let image = try layout.render(scale: 2)
        let light = over(RGBA8(r: 255, g: 255, b: 255, a: 217), red)
        var found = false
        for y in 25..<55 { for x in 20..<60 where image.pixel(x: x, y: y).distance(to: light) <= 4 { found = true } }
        #expect(found)
        expectPixel(image, bearing: 0, radius: 18, red)
    }

    @Test func dominantFillsTheStylesBadgeWithTheLargestPart() throws {
        let layout = try BadgeStyle.google.layout(for: 42, parts: parts([("a", 10), ("b", 30), ("c", 30)]), look: .dominant)
        let image = try layout.render(scale: 1)
        #expect(image.width == 48)
        expectPixel(image, 6, 24, green)                                           // b: the first of the two largest
        expectPixel(image, 1, 24, RGBA8(r: 255, g: 255, b: 255, a: 128), tolerance: 3)  // the style's ring is kept
        #expect(image.pixel(x: 0, y: 0).a == 0)
        // Only the fill differs from the plain badge: the label is the same.
        let plain = try BadgeStyle.google.layout(for: 42)
        #expect(layout.base.label == plain.label && layout.base.font == plain.font && layout.base.fill != plain.fill)
        let given = try BadgeStyle.ios.layout(for: 42, parts: BadgeParts(parsing: "x=1:#0000ff,y=5:#ff0000", separator: "="), look: .dominant)
        expectPixel(try given.render(scale: 2), 6, Int(given.canvasSide), rgba("#ff0000"))
    }

    @Test(arguments: [1.0, 2, 3, 4])
    func scalesPixelDimensions(scale: Double) throws {
        for look in PartsLook.allCases {
            let image = try BadgeStyle.google.layout(for: 42, parts: parts([("a", 30), ("b", 10)]), look: look).render(scale: scale)
            #expect(image.width == Int(48 * scale) && image.height == Int(48 * scale))
        }
        let donut = try BadgeStyle.google.layout(for: 42, parts: parts([("a", 30), ("b", 10)]), look: .donut).render(scale: scale)
        expectPixel(donut, bearing: 45, radius: 20.5, red, scale: scale)
        expectPixel(donut, bearing: 315, radius: 20.5, green, scale: scale)
    }

    @Test func renderingIsDeterministic() throws {
        for look in PartsLook.allCases {
            let layout = try BadgeStyle.ios.layout(for: 150, parts: parts([("a", 3), ("b", 5), ("c", 1)]), look: look)
            #expect(try layout.encoded(as: .png, scale: 2) == layout.encoded(as: .png, scale: 2))
        }
    }

    @Test(arguments: PartsLook.allCases)
    func vectorFormatsAreWellFormed(look: PartsLook) throws {
        let layout = try BadgeStyle.google.layout(for: 42, parts: parts([("a", 30), ("b", 10), ("c", 2)]), look: look)
        let svg = try layout.encoded(as: .svg, scale: 1)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("<svg") && text.contains("width=\"48pt\""))
        let parser = XMLParser(data: Data(svg))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        // Cairo writes colours as percentages: #e6194b is rgb(90.196078%, 9.803922%, 29.411765%).
        #expect(text.contains("rgb(90.196078%, 9.803922%, 29.411765%)") || text.contains("rgb(90.196078%,9.803922%,29.411765%)"))
        if look != .dominant { #expect(text.contains("23.529412%, 70.588235%, 29.411765%") || text.contains("23.529412%,70.588235%,29.411765%")) }
        let pdf = try layout.encoded(as: .pdf, scale: 1)
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
        #expect(String(decoding: pdf.suffix(7), as: UTF8.self).contains("%%EOF"))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/MediaBox [ 0 0 48 48 ]"))
    }

    @Test func badgesInTheSameProportionsShareOneKeyAndOneImage() throws {
        let small = PartsBadge(count: 42, parts: try parts([("a", 30), ("b", 12)]), look: .donut)
        let large = PartsBadge(count: 42, parts: try parts([("a", 60), ("b", 24)]), look: .donut)
        #expect(small == large)
        #expect(try BadgeStyle.google.layout(for: small).encoded(as: .png, scale: 2)
                == BadgeStyle.google.layout(for: large).encoded(as: .png, scale: 2))
        // The look, the proportions, the colours and the count are all in the key.
        let others = [PartsBadge(count: 42, parts: try parts([("a", 30), ("b", 12)]), look: .pie),
                      PartsBadge(count: 42, parts: try parts([("a", 12), ("b", 30)]), look: .donut),
                      PartsBadge(count: 43, parts: try parts([("a", 30), ("b", 12)]), look: .donut),
                      PartsBadge(count: 42, label: .exact, parts: try parts([("a", 30), ("b", 12)]), look: .donut),
                      PartsBadge(count: 42, parts: try BadgeParts(parsing: "a=30:#000000,b=12", separator: "="), look: .donut)]
        #expect(Set(others + [small]).count == others.count + 1)
        // Dominant only needs the largest colour.
        #expect(PartsBadge(count: 42, parts: try parts([("a", 30), ("b", 12)]), look: .dominant)
                == PartsBadge(count: 42, parts: try parts([("a", 20), ("b", 19)]), look: .dominant))
    }
}

/// Expects the pixel at `bearing` and `radius` (points) of a badge image to be within `tolerance` of `expected`.
private func expectPixel(_ image: Surface, bearing: Double, radius: Double, _ expected: RGBA8, scale: Double = 2,
                         tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = pixel(image, bearing: bearing, radius: radius, scale: scale)
    #expect(actual.distance(to: expected) <= tolerance, "at \(bearing)°, \(radius) pt: \(actual), expected \(expected)",
            sourceLocation: sourceLocation)
}
