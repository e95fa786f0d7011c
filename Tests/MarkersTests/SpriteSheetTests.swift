import Canvas
import Foundation
import Markers
import Testing

@Suite struct SpriteSheetTests {
    @Test func shelfPackingNeverOverlapsAndStaysInside() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let sizes = (0..<Int.random(in: 1...60, using: &generator)).map { _ in
                (width: Int.random(in: 1...120, using: &generator), height: Int.random(in: 1...120, using: &generator))
            }
            let packed = ShelfPacker.pack(sizes)
            for (i, a) in packed.placements.enumerated() {
                #expect(a.width == sizes[i].width && a.height == sizes[i].height)
                #expect(a.x >= 0 && a.y >= 0 && a.x + a.width <= packed.width && a.y + a.height <= packed.height)
                for b in packed.placements[(i + 1)...] {
                    let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                    #expect(apart, "\(a) overlaps \(b)")
                }
            }
        }
    }

    @Test func sheetHoldsEveryBadgeAtItsRectangle() throws {
        let counts = [1, 5, 12, 42, 150, 999, 1000, 5000]
        let layouts = try counts.map { try BadgeStyle.ios.layout(for: $0, label: .exact) }
        let items = zip(counts, layouts).map { count, layout in
            SpriteSheet.Item(id: "cluster-\(count)", key: layout, width: Int(layout.canvasSide * 2), height: Int(layout.canvasSide * 2))
        }
        let sheet = try SpriteSheet(items: items, pixelRatio: 2) { layout, context in
            context.scale(2, 2)
            try layout.draw(in: context, resolution: 2)
        }
        let index = try JSONSerialization.jsonObject(with: Data(sheet.index)) as! [String: [String: Int]]
        #expect(Set(index.keys) == Set(counts.map { "cluster-\($0)" }))
        for (count, layout) in zip(counts, layouts) {
            let entry = index["cluster-\(count)"]!
            #expect(entry["pixelRatio"] == 2)
            let single = try layout.render(scale: 2)
            #expect(entry["width"] == single.width && entry["height"] == single.height)
            for (dx, dy) in [(single.width / 2, single.height / 2), (4, single.height / 2), (0, 0), (single.width / 3, single.height / 4)] {
                expectPixel(sheet.image, entry["x"]! + dx, entry["y"]! + dy, single.pixel(x: dx, y: dy), tolerance: 1)
            }
        }
    }

    @Test func identicalLooksShareOneRectangle() throws {
        let counts = [10, 11, 12, 20]   // google bucket labels: 10+, 10+, 10+, 20+
        let items = try counts.map { count -> SpriteSheet.Item<BadgeLayout> in
            let layout = try BadgeStyle.google.layout(for: count)
            return SpriteSheet.Item(id: "c\(count)", key: layout, width: 48, height: 48)
        }
        var drawn = 0
        let sheet = try SpriteSheet(items: items, pixelRatio: 1) { layout, context in
            drawn += 1
            try layout.draw(in: context, resolution: 1)
        }
        #expect(drawn == 2)
        let index = try JSONSerialization.jsonObject(with: Data(sheet.index)) as! [String: [String: Int]]
        #expect(index["c10"] == index["c12"])
        #expect(index["c10"] != index["c20"])
    }
}
