import Synchronization

/// Tiles read from an MBTiles file. One SQLite connection, used by one caller at a time.
public final class MBTilesSource: TileSource {
    private let reader: Mutex<MBTilesReaderBox>
    public let path: String

    public init(path: String) throws {
        reader = Mutex(MBTilesReaderBox(try MBTilesReader(path: path)))
        self.path = path
    }

    public func tile(_ id: TileID, scale: Int) async throws -> [UInt8]? {
        try reader.withLock { try $0.reader.tile(id) }
    }
}

/// Lets a reader live in a `Mutex` (it is only touched under the lock).
struct MBTilesReaderBox: @unchecked Sendable {
    let reader: MBTilesReader
    init(_ reader: MBTilesReader) { self.reader = reader }
}
