import Canvas
import Foundation

/// A MapLibre/Mapbox sprite: one PNG holding every image and a JSON index
/// `{"id": {"width", "height", "x", "y", "pixelRatio"}}`. Items with equal keys look the same, are
/// drawn once, and every id showing them points at the same rectangle.
public struct SpriteSheet {
    /// One image of the sheet: its id in the index, the key that identifies its look, and its size in pixels.
    public struct Item<Key: Hashable> {
        public var id: String
        public var key: Key
        public var width: Int
        public var height: Int
        public init(id: String, key: Key, width: Int, height: Int) {
            self.id = id; self.key = key; self.width = width; self.height = height
        }
    }

    public let image: Surface
    /// The JSON index, keys sorted, so the same input always gives the same bytes.
    public let index: [UInt8]

    /// Packs `items` and draws each distinct look once straight into the sheet: `draw` gets the key
    /// and a context whose origin is the item's top-left corner, in pixels, clipped to its rectangle.
    public init<Key: Hashable>(items: [Item<Key>], pixelRatio: Int, draw: (Key, Context) throws -> Void) throws {
        var slotOfKey: [Key: Int] = [:]
        var unique: [Item<Key>] = []
        var slotOfItem: [Int] = []
        for item in items {
            if let slot = slotOfKey[item.key] {
                slotOfItem.append(slot)
            } else {
                slotOfKey[item.key] = unique.count
                slotOfItem.append(unique.count)
                unique.append(item)
            }
        }
        let packed = ShelfPacker.pack(unique.map { ($0.width, $0.height) })
        let sheet = try Surface(width: packed.width, height: packed.height)
        let context = Context(sheet)
        for (item, place) in zip(unique, packed.placements) {
            try context.withSavedState {
                context.rectangle(Rect(x: Double(place.x), y: Double(place.y), width: Double(place.width), height: Double(place.height)))
                context.clip()
                context.translate(Double(place.x), Double(place.y))
                try draw(item.key, context)
            }
        }
        try context.checkStatus("drawing the sprite sheet")
        var json: [String: [String: Int]] = [:]
        for (item, slot) in zip(items, slotOfItem) {
            let place = packed.placements[slot]
            json[item.id] = ["width": place.width, "height": place.height, "x": place.x, "y": place.y,
                             "pixelRatio": pixelRatio]
        }
        image = sheet
        index = Array(try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .prettyPrinted]))
    }
}
