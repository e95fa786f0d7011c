import Canvas
import Markers
import Testing

@Suite struct CardTests {
    private func solid(_ color: String, size: Int = 64) throws -> Surface {
        let surface = try Surface(width: size, height: size)
        let context = Context(surface)
        context.setColor(try Color(parsing: color))
        context.paint()
        return surface
    }

    // Geometry at scale 1: the card starts at (margin, margin); margin is 3 * blur + offset rounded up = 11.
    private let m = 11

    @Test func lightCardLayout() throws {
        let card = Card(title: "Café Central", subtitle: "Herrengasse 14, Wien", thumbnail: .image(try solid("#ff0000")))
        let image = try card.render(scale: 1)
        #expect(image.width == 240 + 2 * m && image.height == 64 + 8 + 2 * m)
        #expect(image.pixel(x: 0, y: 0).a == 0)                                  // transparent outside
        expectPixel(image, m + 8 + 24, m + 8 + 24, rgba("#ff0000"))              // thumbnail centre
        expectPixel(image, m + 235, m + 60, rgba("#ffffff"))                      // card background
        expectPixel(image, m + 120, m + 64 + 3, rgba("#ffffff"))                  // callout arrow under the middle
        #expect(image.pixel(x: m + 20, y: m + 64 + 3).a < 200)                    // beside the arrow: only shadow
        #expect(image.pixel(x: m + 120, y: m + 64 + 8 + 3).a > 0)                // shadow under the arrow tip
        #expect(inkedPixels(image, x: (m + 66)..<(m + 232), y: (m + 8)..<(m + 30), darkerThan: 128) > 20) // title
    }

    @Test func roundedThumbnailCorners() throws {
        let image = try Card(title: "T", thumbnail: .image(try solid("#ff0000"))).render(scale: 2)
        // The thumbnail square's very corner is cut by the 6 pt radius: background shows there.
        expectPixel(image, (m + 8) * 2, (m + 8) * 2, rgba("#ffffff"), tolerance: 3)
        expectPixel(image, (m + 8 + 3) * 2 + 10, (m + 8 + 3) * 2 + 10, rgba("#ff0000"))
    }

    @Test func coverCropKeepsTheMiddleOfAWideImage() throws {
        // A 300x100 image: left third blue, middle green, right third blue; cover-cropped it shows green.
        let wide = try Surface(width: 300, height: 100)
        let context = Context(wide)
        context.setColor(try Color(parsing: "#0000ff"))
        context.paint()
        context.setColor(try Color(parsing: "#00ff00"))
        context.rectangle(Rect(x: 100, y: 0, width: 100, height: 100))
        context.fill()
        let image = try Card(title: "T", thumbnail: .image(wide)).render(scale: 1)
        expectPixel(image, m + 8 + 2, m + 32, rgba("#00ff00"))
        expectPixel(image, m + 8 + 46, m + 32, rgba("#00ff00"))
    }

    @Test func darkThemeAndPlaceholder() throws {
        let image = try Card(title: "Missing", thumbnail: .placeholder, theme: .dark).render(scale: 1)
        expectPixel(image, m + 235, m + 60, rgba("#2d2e30"))
        expectPixel(image, m + 8 + 4, m + 8 + 44, rgba("#3c4043"))   // the placeholder tile
    }

    @Test func rightToLeftTitleMirrorsTheLayout() throws {
        let image = try Card(title: "הכותל המערבי", subtitle: "ירושלים", thumbnail: .image(try solid("#ff0000"))).render(scale: 1)
        expectPixel(image, m + 240 - 8 - 24, m + 32, rgba("#ff0000"))   // thumbnail on the right
        expectPixel(image, m + 8 + 24, m + 32, rgba("#ffffff"), tolerance: 60) // left side: text or background, never red
        #expect(image.pixel(x: m + 8 + 24, y: m + 32).distance(to: rgba("#ff0000")) > 100)
        // The title hugs the right edge of the text area.
        #expect(inkedPixels(image, x: (m + 150)..<(m + 174), y: (m + 8)..<(m + 32), darkerThan: 128) > 10)
    }

    @Test func longTitleIsEllipsizedInsideTheCard() throws {
        let title = String(repeating: "Very long title ", count: 20)
        let image = try Card(title: title, subtitle: String(repeating: "subtitle words ", count: 40)).render(scale: 1)
        // Nothing dark in the right padding of the card.
        #expect(inkedPixels(image, x: (m + 240 - 7)..<(m + 240), y: (m + 4)..<(m + 60), darkerThan: 128) == 0)
        #expect(inkedPixels(image, x: (m + 8)..<(m + 232), y: (m + 8)..<(m + 56), darkerThan: 128) > 100)
    }

    @Test func noThumbnailLetsTextStartAtThePadding() throws {
        let image = try Card(title: "WWWWWWWWWWWW").render(scale: 1)
        #expect(inkedPixels(image, x: (m + 8)..<(m + 30), y: (m + 8)..<(m + 56), darkerThan: 128) > 20)
    }

    @Test func scaleDoublesPixels() throws {
        let card = Card(title: "Scale", subtitle: "two")
        let one = try card.render(scale: 1), two = try card.render(scale: 2)
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
    }

    @Test func renderingIsDeterministic() throws {
        let card = Card(title: "東京タワー", subtitle: "東京都港区芝公園", thumbnail: .placeholder)
        let a = try card.render(scale: 2), b = try card.render(scale: 2)
        #expect(a.withPixels { p, _ in Array(p) } == b.withPixels { p, _ in Array(p) })
    }

    /// A CJK title is bold like a Latin one although the fallback font has no bold face: its
    /// strokes are emboldened. The horizontal stroke of "一" is measured (its darkness summed down
    /// the middle column, in pixels) in a card's title and in the same text set regular.
    @Test func aCJKTitleIsBoldToo() throws {
        let card = try Card(title: "一").render(scale: 4)
        let regular = try Surface(width: card.width, height: card.height)
        let context = Context(regular)
        context.setColor(.white)
        context.paint()
        context.scale(4, 4)
        try TextLayout("一", font: Font(size: 14)).draw(in: context, at: Point(x: 20, y: 20), color: CardTheme.light.title)
        let bold = strokeWidth(card), plain = strokeWidth(regular)
        #expect(plain > 2 && bold > plain + 1.5, "the title's stroke is \(bold) px, the regular one \(plain) px (at 4x)")
    }

    /// The thickness in pixels of the darkest column's ink: the darkness of its pixels summed.
    private func strokeWidth(_ image: Surface) -> Double {
        var widest = 0.0
        for x in 0..<image.width {
            var width = 0.0
            for y in 0..<image.height {
                let p = image.pixel(x: x, y: y)
                guard p.a > 250 else { continue }
                width += Double(255 - Int(min(p.r, p.g, p.b))) / 255
            }
            widest = max(widest, width)
        }
        return widest
    }

    private func inkedPixels(_ image: Surface, x: Range<Int>, y: Range<Int>, darkerThan level: Int) -> Int {
        var count = 0
        for yy in y { for xx in x {
            let p = image.pixel(x: xx, y: yy)
            if p.a > 128 && (Int(p.r) + Int(p.g) + Int(p.b)) / 3 < level { count += 1 }
        } }
        return count
    }
}
