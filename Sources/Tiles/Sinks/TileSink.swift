/// Where a batch job puts finished tiles: a directory tree, an MBTiles file, a tar stream on stdout.
/// Workers write to a sink from several threads at once, so sinks are thread-safe.
public protocol TileSink: AnyObject, Sendable {
    /// True when the output already has the tile (for `--resume`).
    func contains(_ tile: TileID) throws -> Bool
    /// Stores one tile, whole or not at all.
    func write(_ tile: TileID, data: [UInt8]) throws
    /// Makes everything written durable and records what the output holds.
    func finish(metadata: MBTilesMetadata) throws
}
