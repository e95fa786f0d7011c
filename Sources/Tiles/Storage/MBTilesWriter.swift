/// Writes tiles into an MBTiles file (SQLite, spec 1.3): the standard `metadata` and `tiles` tables,
/// TMS rows, a unique index on (zoom, column, row), inserts batched into transactions. Other MBTiles
/// tools (GDAL, tippecanoe's tile-join, MapLibre servers) read the result. An existing file is
/// opened and added to, which is what `--resume` needs. While writing, SQLite's write-ahead log keeps
/// commits cheap (no sync on every batch); ``finalize()`` turns the file back into a single one.
///
/// Not thread-safe: one writer thread owns it (a batch job's sink).
public final class MBTilesWriter {
    private let database: SQLiteDatabase
    private let insert: SQLiteDatabase.Statement
    private let lookup: SQLiteDatabase.Statement
    private let batchSize: Int
    private var pending = 0

    /// Opens (creating when missing) the file at `path`.
    public init(path: String, batchSize: Int = 500) throws {
        database = try SQLiteDatabase(path: path, readOnly: false)
        try database.execute("""
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            CREATE TABLE IF NOT EXISTS metadata (name TEXT, value TEXT);
            CREATE UNIQUE INDEX IF NOT EXISTS metadata_name ON metadata (name);
            CREATE TABLE IF NOT EXISTS tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE UNIQUE INDEX IF NOT EXISTS tile_index ON tiles (zoom_level, tile_column, tile_row);
            """)
        insert = try database.prepare("INSERT OR REPLACE INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?, ?, ?, ?)")
        lookup = try database.prepare("SELECT 1 FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?")
        self.batchSize = max(1, batchSize)
    }

    /// Stores one tile (replacing an existing one).
    public func write(_ tile: TileID, data: [UInt8]) throws {
        if pending == 0 { try database.execute("BEGIN") }
        insert.bind([.integer(tile.z), .integer(tile.x), .integer(tile.tmsY), .blob(data)])
        _ = try insert.step()
        insert.reset()
        pending += 1
        if pending >= batchSize { try commit() }
    }

    /// True when the file already holds `tile`.
    public func contains(_ tile: TileID) throws -> Bool {
        lookup.bind([.integer(tile.z), .integer(tile.x), .integer(tile.tmsY)])
        defer { lookup.reset() }
        return try lookup.step()
    }

    /// The zooms and area of the tiles the file holds.
    public func coverage() throws -> TileCoverage {
        try commit()
        let statement = try database.prepare("""
            SELECT zoom_level, MIN(tile_column), MAX(tile_column), MIN(tile_row), MAX(tile_row) FROM tiles GROUP BY zoom_level
            """)
        var coverage = TileCoverage()
        while try statement.step() {
            let z = statement.integer(0)
            guard (0...30).contains(z) else { continue }
            // TMS rows count from the south: the highest is the northernmost XYZ row.
            let last = (1 << z) - 1
            coverage.add(z: z, columns: statement.integer(1)...statement.integer(2),
                         rows: (last - statement.integer(4))...(last - statement.integer(3)))
        }
        return coverage
    }

    /// Writes the `metadata` rows that describe `tileset` (replacing rows of the same names).
    public func setMetadata(describing tileset: TilesetDescription) throws {
        try commit()
        let statement = try database.prepare("INSERT OR REPLACE INTO metadata (name, value) VALUES (?, ?)")
        try database.execute("BEGIN")
        for (name, value) in tileset.mbtilesRows {
            statement.bind([.text(name), .text(value)])
            _ = try statement.step()
        }
        try database.execute("COMMIT")
    }

    /// Commits, folds the write-ahead log back into the file and leaves it in the classic rollback
    /// journal mode, so the result is one self-contained file any MBTiles reader opens (even read-only).
    public func finalize() throws {
        try commit()
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;")
    }

    /// Commits the open batch; call before the writer goes away (its `deinit` cannot report errors).
    public func commit() throws {
        guard pending > 0 else { return }
        pending = 0
        try database.execute("COMMIT")
    }

    deinit { try? commit() }
}
