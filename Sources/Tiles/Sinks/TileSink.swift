/// Where a batch job puts finished tiles: a directory tree, an MBTiles file, a tar stream on stdout,
/// a server's disk cache. Workers write to a sink from several threads at once, so sinks are thread-safe.
public protocol TileSink: AnyObject, Sendable {
    /// True when the output already has the tile (for `--resume`).
    func contains(_ tile: TileID) throws -> Bool
    /// Stores one tile, whole or not at all.
    func write(_ tile: TileID, data: [UInt8]) throws
    /// Stores one tile a batch made: what ``write(_:data:)`` stores, unless the sink keeps more of
    /// it (a cache keeps its freshness and its frames).
    func write(_ tile: TileID, rendered: RenderedTile) throws
    /// Makes everything written durable and records what the output holds, as far as the output
    /// keeps a description (an archive does; a directory or a cache does not).
    func finish(describing tileset: TilesetDescription) throws
}

extension TileSink {
    public func write(_ tile: TileID, rendered: RenderedTile) throws { try write(tile, data: rendered.bytes) }
}
