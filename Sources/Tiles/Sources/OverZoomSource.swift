import Canvas
import Codecs

/// Serves zooms beyond what a source has: a tile deeper than `maxzoom` is cut out of its ancestor at
/// `maxzoom` and scaled up (bilinear), up to `maximumDepth` levels deeper (MapCache's
/// `overZoomMaximumZ`); tiles deeper still are "no tile". Neighbouring tiles share an ancestor, so
/// ancestors are kept decoded in a small cache and concurrent requests for one are fetched once.
public final class OverZoomSource: TileSource {
    public let base: any TileSource
    public let maxzoom: Int
    public let maximumDepth: Int
    /// What ancestors are decoded within (a hostile ancestor fails its tiles, not the process).
    public let limits: DecodeLimits
    private let ancestors: AncestorCache

    public init(base: any TileSource, maxzoom: Int, maximumDepth: Int = 8, cachedAncestors: Int = 64, limits: DecodeLimits = .default) {
        self.base = base
        self.maxzoom = maxzoom
        self.maximumDepth = maximumDepth
        self.limits = limits
        ancestors = AncestorCache(capacity: cachedAncestors)
    }

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        guard id.z > maxzoom else { return try await base.tile(id, scale: scale) }
        guard id.z - maxzoom <= maximumDepth else { return nil }
        let ancestorID = id.ancestor(atZoom: maxzoom)
        let base = self.base, limits = self.limits
        guard let ancestor = try await ancestors.image(of: ancestorID, scale: scale, load: {
            guard let image = try await base.tile(ancestorID, scale: scale) else { return nil }
            guard let format = image.format else { throw CodecError.unknownFormat }
            return DecodedAncestor(surface: try image.surface(limits: limits), format: format)
        }) else { return nil }
        return .decoded(try Self.cut(id, outOf: ancestor.surface, at: ancestorID), format: ancestor.format)
    }

    /// Within the source's zooms the source answers with its own HTTP semantics; over-zoomed tiles
    /// are made here and carry none.
    public func fetch(_ id: TileID, scale: Int, validators: Validators) async throws -> SourceAnswer {
        if id.z <= maxzoom { return try await base.fetch(id, scale: scale, validators: validators) }
        guard let image = try await tile(id, scale: scale) else { return SourceAnswer(body: .noTile) }
        return SourceAnswer(body: .tile(image))
    }

    /// The part of `ancestor` (the image of tile `ancestorID`) that `tile` covers, scaled to the
    /// ancestor's size.
    static func cut(_ tile: TileID, outOf ancestor: Surface, at ancestorID: TileID) throws -> Surface {
        let factor = 1 << (tile.z - ancestorID.z)
        let column = tile.x - ancestorID.x * factor, row = tile.y - ancestorID.y * factor
        let result = try Surface(width: ancestor.width, height: ancestor.height)
        let width = Double(ancestor.width), height = Double(ancestor.height)
        let context = Context(result)
        context.draw(ancestor, in: Rect(x: -Double(column) * width, y: -Double(row) * height,
                                        width: width * Double(factor), height: height * Double(factor)))
        try context.checkStatus("over-zoom of \(tile)")
        return result
    }

    public func close() async { await base.close() }
}

/// A decoded ancestor tile and the format it came in.
struct DecodedAncestor: Sendable {
    let surface: Surface
    let format: ImageFormat
}

/// The last few decoded ancestors, with loads in progress shared by everyone who asks meanwhile.
/// Failed loads are not kept, so the next request tries again.
actor AncestorCache {
    private struct Key: Hashable {
        let tile: TileID
        let scale: Int
    }

    private let capacity: Int
    private var entries: [Key: Task<DecodedAncestor?, any Error>] = [:]
    /// Keys from least to most recently used.
    private var order: [Key] = []

    init(capacity: Int) { self.capacity = max(1, capacity) }

    func image(of tile: TileID, scale: Int,
               load: @escaping @Sendable () async throws -> DecodedAncestor?) async throws -> DecodedAncestor? {
        let key = Key(tile: tile, scale: scale)
        let task: Task<DecodedAncestor?, any Error>
        if let existing = entries[key] {
            task = existing
            order.removeAll { $0 == key }
        } else {
            task = Task { try await load() }
            entries[key] = task
            if order.count >= capacity { entries[order.removeFirst()] = nil }
        }
        order.append(key)
        do {
            return try await task.value
        } catch {
            if entries[key] == task {
                entries[key] = nil
                order.removeAll { $0 == key }
            }
            throw error
        }
    }
}
