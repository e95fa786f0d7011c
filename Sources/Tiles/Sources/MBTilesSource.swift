import Synchronization

/// Tiles read from an MBTiles file. One SQLite connection, used by one caller at a time.
public final class MBTilesSource: TileSource, DescribedTileSource {
    private let reader: Mutex<LockedConnection<MBTilesReader>>
    public let path: String
    /// The file's metadata rows, read when it is opened (none when it has no metadata table).
    public let metadata: [String: String]

    public init(path: String) throws {
        let reader = try MBTilesReader(path: path)
        metadata = (try? reader.metadata()) ?? [:]
        self.reader = Mutex(LockedConnection(reader))
        self.path = path
    }

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        try reader.withLock { try $0.connection.tile(id) }.map(TileImage.encoded)
    }

    public func tilesetMetadata() async throws -> [String: String] { metadata }
}
