/// Writes tiles into an MBTiles file through ``MBTilesWriter``; `finish` commits the last batch and
/// writes the metadata.
public final class MBTilesSink: TileSink {
    private let writer: MBTilesWriter

    public init(path: String) throws {
        writer = try MBTilesWriter(path: path)
    }

    public func contains(_ tile: TileID) throws -> Bool { try writer.contains(tile) }

    public func write(_ tile: TileID, data: [UInt8]) throws { try writer.write(tile, data: data) }

    public func finish(metadata: MBTilesMetadata) throws {
        try writer.commit()
        try writer.setMetadata(metadata)
    }
}
