/// Reads tiles and metadata from an MBTiles file (a source for `cairn render`, and how the tests check
/// what the writer made). Not thread-safe: one reader per thread.
public final class MBTilesReader {
    private let database: SQLiteDatabase
    private let select: SQLiteDatabase.Statement

    /// The connection, for the iteration in an extension.
    var databaseForIteration: SQLiteDatabase { database }

    public init(path: String) throws {
        database = try SQLiteDatabase(path: path, readOnly: true)
        select = try database.prepare("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?")
    }

    /// The tile's bytes, or nil when the file has no such tile.
    public func tile(_ tile: TileID) throws -> [UInt8]? {
        select.bind([.integer(tile.z), .integer(tile.x), .integer(tile.tmsY)])
        return try select.step() ? select.blob(0) : nil
    }

    /// Every metadata row.
    public func metadata() throws -> [String: String] {
        let statement = try database.prepare("SELECT name, value FROM metadata")
        var result: [String: String] = [:]
        while try statement.step() { result[statement.text(0)] = statement.text(1) }
        return result
    }

    /// Number of tiles stored.
    public func count() throws -> Int {
        let statement = try database.prepare("SELECT COUNT(*) FROM tiles")
        return try statement.step() ? statement.integer(0) : 0
    }
}

extension MBTilesReader {
    /// Calls `body` with every tile in the file (XYZ rows), in the file's order; a row whose
    /// coordinates are off the grid is a ``StorageError`` naming the file.
    public func forEachTile(_ body: (TileID, [UInt8]) throws -> Void) throws {
        let statement = try databaseForIteration.prepare("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles")
        while try statement.step() {
            let z = statement.integer(0), x = statement.integer(1), row = statement.integer(2)
            let tile: TileID
            do { tile = try TileID(z: z, x: x, tmsY: row) } catch {
                throw StorageError("\(databaseForIteration.path): a tile row at \(z)/\(x)/\(row) (TMS) is off the grid")
            }
            try body(tile, statement.blob(3))
        }
    }
}
