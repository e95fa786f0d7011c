/// Packs rectangles into one image without overlap, shelf by shelf (tallest first), aiming at a
/// roughly square sheet: the layout MapLibre/Mapbox sprite tools produce.
public enum ShelfPacker {
    public struct Placement: Equatable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
    }

    /// Places rectangles of `sizes` with `gap` pixels between them. Returns the sheet size and one
    /// placement per input, in input order.
    public static func pack(_ sizes: [(width: Int, height: Int)], gap: Int = 1) -> (width: Int, height: Int, placements: [Placement]) {
        guard !sizes.isEmpty else { return (1, 1, []) }
        let area = sizes.reduce(0) { $0 + ($1.width + gap) * ($1.height + gap) }
        let widest = sizes.map(\.width).max()!
        let targetWidth = max(widest, Int((Double(area).squareRoot() * 1.05).rounded(.up)))
        let order = sizes.indices.sorted {
            (sizes[$0].height, sizes[$0].width, -$0) > (sizes[$1].height, sizes[$1].width, -$1)
        }
        var placements = [Placement](repeating: Placement(x: 0, y: 0, width: 0, height: 0), count: sizes.count)
        var x = 0, y = 0, shelfHeight = 0, sheetWidth = 0
        for index in order {
            let size = sizes[index]
            if x > 0 && x + size.width > targetWidth {
                y += shelfHeight + gap
                x = 0
                shelfHeight = 0
            }
            placements[index] = Placement(x: x, y: y, width: size.width, height: size.height)
            sheetWidth = max(sheetWidth, x + size.width)
            x += size.width + gap
            shelfHeight = max(shelfHeight, size.height)
        }
        return (sheetWidth, y + shelfHeight, placements)
    }
}
