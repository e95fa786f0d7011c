import Synchronization

/// Writes tiles into an MBTiles file through ``MBTilesWriter`` (one connection, used under a lock;
/// inserts are batched into transactions); `finish` commits the last batch and writes the metadata,
/// fitted to the tiles the file holds (those of this run and of the run it resumed).
public final class MBTilesSink: TileSink {
    private let writer: Mutex<LockedConnection<MBTilesWriter>>

    public init(path: String) throws {
        writer = Mutex(LockedConnection(try MBTilesWriter(path: path)))
    }

    public func contains(_ tile: TileID) throws -> Bool { try writer.withLock { try $0.connection.contains(tile) } }

    public func write(_ tile: TileID, data: [UInt8]) throws { try writer.withLock { try $0.connection.write(tile, data: data) } }

    public func finish(describing tileset: TilesetDescription) throws {
        try writer.withLock { box in
            try box.connection.setMetadata(describing: tileset.fitted(to: try box.connection.coverage()))
            try box.connection.finalize()
        }
    }
}
