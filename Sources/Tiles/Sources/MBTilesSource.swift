import Synchronization

/// Tiles read from an MBTiles file. One SQLite connection, used by one caller at a time.
public final class MBTilesSource: TileSource {
    private let reader: Mutex<LockedConnection<MBTilesReader>>
    public let path: String

    public init(path: String) throws {
        reader = Mutex(LockedConnection(try MBTilesReader(path: path)))
        self.path = path
    }

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        try reader.withLock { try $0.connection.tile(id) }.map(TileImage.encoded)
    }
}
