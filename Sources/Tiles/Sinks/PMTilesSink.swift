import Foundation
import Synchronization

/// Writes tiles into a PMTiles v3 archive through ``PMTilesWriter``: tiles are spooled beside the
/// output as workers finish them, and `finish` lays the archive out and renames it into place.
public final class PMTilesSink: TileSink {
    private let writer: Mutex<LockedConnection<PMTilesWriter>>

    /// Starts `path`; with `resume`, keeps what a killed run spooled and the tiles of an archive
    /// already at `path`.
    public init(path: String, resume: Bool = false) async throws {
        let writer = try PMTilesWriter(path: path, resume: resume)
        if resume, FileManager.default.fileExists(atPath: path) {
            try await writer.add(from: try PMTilesReader(path: path))
        }
        self.writer = Mutex(LockedConnection(writer))
    }

    public func contains(_ tile: TileID) throws -> Bool { writer.withLock { $0.connection.contains(tile) } }

    public func write(_ tile: TileID, data: [UInt8]) throws { try writer.withLock { try $0.connection.write(tile, data: data) } }

    public func finish(describing tileset: TilesetDescription) throws { try writer.withLock { try $0.connection.finish(describing: tileset) } }
}

extension PMTilesSink {
    /// Gives up the archive: removes the spool, writes nothing (a failed conversion).
    public func discard() { writer.withLock { $0.connection.discard() } }
}
