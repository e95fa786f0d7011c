import Foundation
import Testing
import TestTier
@testable import Tiles

@Suite(.process) struct MBTilesTests {
    private func temporaryFile() -> String {
        NSTemporaryDirectory() + "cairn-\(UUID().uuidString).mbtiles"
    }

    private var corpus: [(TileID, [UInt8])] {
        let root = repositoryRoot + "/Tests/Fixtures/tiles/world"
        return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
            .map { (try! TileID(path: $0), Array(FileManager.default.contents(atPath: root + "/" + $0)!)) }
    }

    @Test func writesTheCorpusAndReadsItBack() throws {
        let path = temporaryFile()
        let tiles = corpus
        do {
            let writer = try MBTilesWriter(path: path, batchSize: 50)
            for (tile, data) in tiles { try writer.write(tile, data: data) }
            try writer.setMetadata(describing: TilesetDescription(name: "world", format: "png", bounds: .world, minZoom: 0, maxZoom: 4))
            try writer.commit()
        }
        let reader = try MBTilesReader(path: path)
        #expect(try reader.count() == tiles.count)
        for (tile, data) in tiles { #expect(try reader.tile(tile) == data) }
        #expect(try reader.tile(try TileID(z: 5, x: 0, y: 0)) == nil)
        let metadata = try reader.metadata()
        #expect(metadata["name"] == "world" && metadata["format"] == "png")
        #expect(metadata["minzoom"] == "0" && metadata["maxzoom"] == "4")
        #expect(metadata["bounds"]?.hasPrefix("-180.0,-85.05") == true)
        #expect(metadata["center"]?.hasPrefix("0.0,0.0,0") == true)
    }

    @Test func rowsAreStoredInTheTMSScheme() throws {
        let path = temporaryFile()
        do {
            let writer = try MBTilesWriter(path: path)
            try writer.write(try TileID(z: 3, x: 4, y: 2), data: [1, 2, 3])
            try writer.commit()
        }
        let database = try SQLiteDatabase(path: path, readOnly: true)
        let statement = try database.prepare("SELECT zoom_level, tile_column, tile_row FROM tiles")
        #expect(try statement.step())
        let row = [statement.integer(0), statement.integer(1), statement.integer(2)]
        #expect(row == [3, 4, 5])
        let index = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'tile_index'")
        #expect(try index.step())
    }

    @Test func reopeningAddsAndKnowsWhatIsThere() throws {
        let path = temporaryFile()
        let first = try TileID(z: 1, x: 0, y: 0), second = try TileID(z: 1, x: 1, y: 0)
        do {
            let writer = try MBTilesWriter(path: path)
            try writer.write(first, data: [1])
            try writer.commit()
        }
        let writer = try MBTilesWriter(path: path)
        #expect(try writer.contains(first))
        #expect(try !writer.contains(second))
        try writer.write(second, data: [2])
        try writer.write(first, data: [3])   // replaces
        try writer.commit()
        let reader = try MBTilesReader(path: path)
        #expect(try reader.count() == 2)
        #expect(try reader.tile(first) == [3])
    }

    /// The `sqlite3` command-line shell (installed by `make test`) reads what the writer wrote.
    @Test func anotherSQLiteClientReadsTheFile() throws {
        let path = temporaryFile()
        let written = corpus.prefix(21)   // z0-2
        do {
            let writer = try MBTilesWriter(path: path)
            for (tile, data) in written { try writer.write(tile, data: data) }
            try writer.setMetadata(describing: TilesetDescription(name: "w", format: "png"))
            try writer.commit()
        }
        let sqlite = try runTool(["sqlite3", "-readonly", path, """
            PRAGMA integrity_check;
            SELECT count(*), sum(length(tile_data)) FROM tiles;
            SELECT value FROM metadata WHERE name = 'format';
            SELECT hex(tile_data) FROM tiles WHERE zoom_level = 2 AND tile_column = 2 AND tile_row = 2;
            """])
        #expect(sqlite.status == 0, "sqlite3 (from make test's dependencies) must be on PATH and read the file")
        let tile = try TileID(z: 2, x: 2, y: 1)   // TMS row 2
        let bytes = try #require(written.first { $0.0 == tile }?.1)
        let hex = bytes.map { String(format: "%02X", $0) }.joined()
        #expect(sqlite.output.split(separator: "\n").map(String.init) ==
                ["ok", "21|\(written.reduce(0) { $0 + $1.1.count })", "png", hex])
    }

    @Test func unreadableFilesAreReportedWithTheirPath() {
        #expect(throws: StorageError.self) { try MBTilesReader(path: "/nonexistent/x.mbtiles") }
        #expect(throws: StorageError.self) { try MBTilesWriter(path: "/nonexistent/x.mbtiles") }
    }
}
