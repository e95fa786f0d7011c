import Canvas
import Foundation
import Testing

@Suite struct TextLayoutTests {
    @Test func bundledFontsAreFound() throws {
        let directory = try FontLibrary.configure()
        #expect(FileManager.default.fileExists(atPath: directory + "/DejaVuSans-Bold.ttf"))
    }

    @Test func measuresAndGrowsWithSize() throws {
        let small = try TextLayout("1000+", font: Font(size: 12, weight: .bold))
        let large = try TextLayout("1000+", font: Font(size: 24, weight: .bold))
        #expect(small.logicalExtents.width > 20 && small.logicalExtents.width < 50)
        #expect(abs(large.logicalExtents.width / small.logicalExtents.width - 2) < 0.05)
        #expect(small.inkExtents.height > 6)
    }

    @Test func wrapsAndEllipsizesToTwoLines() throws {
        let layout = try TextLayout(String(repeating: "Lorem ipsum dolor sit amet ", count: 10), font: Font(size: 12))
        layout.width = 150
        layout.maximumLines = 2
        #expect(layout.lineCount == 2)
        #expect(layout.isEllipsized)
        #expect(layout.logicalExtents.width <= 150.5)
    }

    @Test func detectsRightToLeft() throws {
        #expect(try TextLayout("שלום עולם", font: Font(size: 12)).isRightToLeft)
        #expect(try TextLayout("مرحبا", font: Font(size: 12)).isRightToLeft)
        #expect(try !TextLayout("Hello", font: Font(size: 12)).isRightToLeft)
    }

    @Test(arguments: ["Привет", "Καλημέρα", "東京タワー", "مرحبا", "שלום"])
    func drawsRealGlyphsForEveryScript(text: String) throws {
        let layout = try TextLayout(text, font: Font(size: 20))
        #expect(layout.inkExtents.width > 10, "no ink for \(text)")
        let surface = try Surface(width: 200, height: 40)
        let context = Context(surface)
        layout.draw(in: context, at: Point(x: 2, y: 2), color: .black)
        try context.checkStatus()
        var inked = 0
        for y in 0..<40 { for x in 0..<200 where surface.pixel(x: x, y: y).a > 128 { inked += 1 } }
        #expect(inked > 30, "\(text) drew only \(inked) dark pixels (tofu boxes draw few)")
    }

    @Test func layoutIsDeterministic() throws {
        func render() throws -> [UInt32] {
            let surface = try Surface(width: 80, height: 30)
            try TextLayout("42+", font: Font(size: 16, weight: .bold)).draw(in: Context(surface), at: Point(x: 4, y: 4), color: .black)
            return surface.withPixels { pixels, _ in Array(pixels) }
        }
        #expect(try render() == render())
    }
}
