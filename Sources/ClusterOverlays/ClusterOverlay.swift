import Canvas
import Clusters
import Markers
import Synchronization

/// Draws the clusters of an index as their badges, and lone points as markers, onto transparent
/// pictures of any window of a zoom level: overlay tiles, the `clusters` renderer, static maps.
///
/// Each look (a badge for a count at a scale, the marker at a scale) is drawn once and then
/// composited wherever it is needed. Positions are rounded to whole pixels of the zoom level as a
/// whole, not of the picture, and items are drawn in one global order (fewest points first, so a
/// big cluster covers a small one), so that neighbouring tiles stitched together are, pixel for
/// pixel, one picture of the same area: a badge across a tile edge is drawn on both tiles.
public final class ClusterOverlay: Sendable {
    public let style: BadgeStyle
    public let label: LabelMode?
    public let marker: PointMarker
    /// How a dataset with categories is drawn; nil draws plain badges whatever the index counts.
    public let categories: CategoryStyle?
    /// How far, in points, anything drawn reaches from the position it marks.
    public let reach: Double

    private struct Look: Hashable {
        enum Kind: Hashable {
            /// A plain badge for a count (1: the point marker).
            case count(Int)
            /// A badge with its parts.
            case parts(PartsBadge)
            /// The point marker in a category's colour.
            case marker(Color)
        }

        let kind: Kind
        /// The pixels per point.
        let scale: Double
    }

    private let looks = Mutex([Look: Surface]())
    private static let lookCapacity = 4096

    public init(style: BadgeStyle, label: LabelMode? = nil, marker: PointMarker = PointMarker(), categories: CategoryStyle? = nil) throws {
        self.style = style
        self.label = label
        self.marker = marker
        self.categories = categories
        var reach = marker.radius
        for count in [2, 9, 99, 999, 9999, 99_999, 999_999, 9_999_999] + style.thresholds {
            reach = max(reach, try style.layout(for: count, label: label).canvasSide / 2)
        }
        self.reach = reach.rounded(.up)
    }

    /// Draws onto `surface` the items of `index` at `zoom` that show in the window whose top-left
    /// corner is pixel (`originX`, `originY`) of the zoom level at @1x (256 px tiles), the window
    /// being as large as `surface` at `scale` pixels per point. A tile z/x/y is the window at
    /// (256·x, 256·y).
    public func draw(_ index: ClusterIndex, zoom: Int, originX: Int, originY: Int, on surface: Surface, scale: Double) throws {
        try draw(index, zoom: zoom, tileSize: 256 * scale, pixelOriginX: Int((Double(originX) * scale).rounded()),
                 pixelOriginY: Int((Double(originY) * scale).rounded()), on: surface, scale: scale)
    }

    /// Draws onto `surface` the items of `index` at `zoom` where a tile of that zoom is `tileSize`
    /// pixels wide (256·scale for tiles; more between zooms, for a static map at a fractional zoom)
    /// and the surface's top-left corner is pixel (`pixelOriginX`, `pixelOriginY`) of that world;
    /// badges are drawn at `scale` pixels per point.
    public func draw(_ index: ClusterIndex, zoom: Int, tileSize: Double, pixelOriginX: Int, pixelOriginY: Int,
                     on surface: Surface, scale: Double) throws {
        let reachPixels = reach * scale
        let found = index.items(zoom: zoom,
                                minX: (Double(pixelOriginX) - reachPixels) / tileSize, minY: (Double(pixelOriginY) - reachPixels) / tileSize,
                                maxX: (Double(pixelOriginX + surface.width) + reachPixels) / tileSize,
                                maxY: (Double(pixelOriginY + surface.height) + reachPixels) / tileSize)
        guard !found.isEmpty else { return }
        let ordered = found.map { (item: $0.item, x: $0.x, y: $0.y, count: index.pointCount(of: $0.item)) }
            .sorted { $0.count != $1.count ? $0.count < $1.count : ($0.x, $0.y) < ($1.x, $1.y) }
        let context = Context(surface)
        for entry in ordered {
            let image = try look(Look(kind: kind(of: entry.item, count: entry.count, in: index), scale: scale))
            // Whole pixels of the zoom level as a whole, then shifted into the window.
            let centreX = Int((entry.x * tileSize + 0.5).rounded(.down)) - pixelOriginX
            let centreY = Int((entry.y * tileSize + 0.5).rounded(.down)) - pixelOriginY
            let left = centreX - image.width / 2, top = centreY - image.height / 2
            guard left < surface.width, top < surface.height, left + image.width > 0, top + image.height > 0 else { continue }
            context.draw(image, in: Rect(x: Double(left), y: Double(top), width: Double(image.width), height: Double(image.height)),
                         filter: .nearest)
        }
        try context.checkStatus("drawing clusters")
    }

    /// What an item is drawn as: with categories, a cluster's badge with its parts and a point's
    /// marker in its category's colour; else the badge of its count.
    private func kind(of item: ClusterItem, count: Int, in index: ClusterIndex) -> Look.Kind {
        guard let categories, let table = index.categories else { return .count(count) }
        if !index.isCluster(item) {
            guard let category = index.category(of: item) else { return .count(1) }
            return .marker(categories.color(of: table.names[category], at: category))
        }
        guard let parts = categories.parts(names: table.names, counts: index.categoryCounts(of: item)) else { return .count(count) }
        return .parts(PartsBadge(count: count, label: label, parts: parts, look: categories.look))
    }

    /// The image of a look, drawn on first use.
    private func look(_ key: Look) throws -> Surface {
        if let image = looks.withLock({ $0[key] }) { return image }
        let image: Surface
        switch key.kind {
        case .count(1): image = try marker.render(scale: key.scale)
        case .count(let count): image = try style.layout(for: count, label: label).render(scale: key.scale)
        case .parts(let badge): image = try style.layout(for: badge).render(scale: key.scale)
        case .marker(let fill):
            var coloured = marker
            coloured.fill = fill
            image = try coloured.render(scale: key.scale)
        }
        looks.withLock { looks in
            if looks.count >= Self.lookCapacity { looks.removeAll(keepingCapacity: true) }
            looks[key] = image
        }
        return image
    }
}
