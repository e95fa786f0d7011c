import Codecs
import Tiles

/// What a seed renders into the disk cache: the tiles of a list (a region over zooms, or a tile
/// file) of one layer, at one scale and format, with `jobs` tiles in flight at once.
public struct SeedPlan: Sendable {
    public let layer: String
    public let tiles: TileList
    public let scale: Int
    /// nil: the layer's own format.
    public let format: ImageFormat?
    public let jobs: Int
    /// Keep tiles that have a fresh copy in the cache already (to continue a seed that stopped).
    public let resume: Bool

    public init(layer: String, tiles: TileList, scale: Int = 1, format: ImageFormat? = nil, jobs: Int, resume: Bool = false) {
        self.layer = layer
        self.tiles = tiles
        self.scale = scale
        self.format = format
        self.jobs = max(1, jobs)
        self.resume = resume
    }
}

/// Why a seed cannot start: one line, naming what is wrong.
public enum SeedError: Error, CustomStringConvertible, Sendable {
    /// The configuration has no such layer.
    case unknownLayer(String)
    /// The options do not fit the layer (a format an animated layer cannot have, zooms outside it).
    case invalid(String)
    /// The estimate passes the cache's capacity.
    case tooLarge(tiles: Int, perTile: Double, capacity: Int)

    public var description: String {
        switch self {
        case .unknownLayer(let name): "no layer '\(name.prefix(64))'"
        case .invalid(let problem): problem
        case .tooLarge(let tiles, let perTile, let capacity):
            "seeding \(tiles) tiles needs about \(ByteCount.format(perTile * Double(tiles))) (\(ByteCount.format(perTile)) a tile), "
                + "more than the cache holds (cache.max_size \(ByteCount.format(Double(capacity))))"
        }
    }
}
