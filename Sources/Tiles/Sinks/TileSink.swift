/// Where a batch job puts finished tiles: a directory tree or an MBTiles file. Sinks are used from
/// one thread (the job funnels writes to them), so they need not be thread-safe.
public protocol TileSink: AnyObject {
    /// True when the output already has the tile (for `--resume`).
    func contains(_ tile: TileID) throws -> Bool
    /// Stores one tile, whole or not at all.
    func write(_ tile: TileID, data: [UInt8]) throws
    /// Makes everything written durable and records what the output holds.
    func finish(metadata: MBTilesMetadata) throws
}
