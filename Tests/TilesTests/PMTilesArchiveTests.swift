import Foundation
import Testing
@testable import Tiles

/// Archives written by ``PMTilesWriter`` and read back by ``PMTilesReader``: tiles byte for byte,
/// identical contents stored once, runs of identical tiles in one entry, leaf directories when the
/// root would pass 16 kB, a killed run resumed from its spool, corrupt archives refused.
@Suite struct PMTilesArchiveTests {
    private func temporaryPath() throws -> String {
        let directory = NSTemporaryDirectory() + "cairn-pmtiles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/test.pmtiles"
    }

    private var corpus: [(TileID, [UInt8])] {
        (FileManager.default.enumerator(atPath: worldTiles)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
            .map { (try! TileID(path: $0), Array(FileManager.default.contents(atPath: worldTiles + "/" + $0)!)) }
    }

    private func tileset(_ format: String = "png") -> TilesetDescription {
        TilesetDescription(name: "world", format: format, bounds: .world, minZoom: 0, maxZoom: 4, attribution: "© OSM")
    }

    @Test func writesTheCorpusAndReadsItBack() async throws {
        let path = try temporaryPath()
        let tiles = corpus
        #expect(tiles.count > 100)
        let writer = try PMTilesWriter(path: path)
        for (tile, data) in tiles.reversed() { try writer.write(tile, data: data) }
        #expect(!FileManager.default.fileExists(atPath: path), "no archive before finish")
        try writer.finish(describing: tileset())
        let spools = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(spools == ["test.pmtiles"], "the spool and the temporary file are gone")

        let reader = try PMTilesReader(path: path)
        for (tile, data) in tiles { #expect(try await reader.tile(tile) == data, "\(tile)") }
        #expect(try await reader.tile(try TileID(z: 5, x: 0, y: 0)) == nil)
        #expect(try await reader.tile(try TileID(z: 30, x: 5, y: 7)) == nil)
        let header = reader.header
        #expect(header.tileType == .png && header.tileCompression == .none && header.internalCompression == .gzip)
        #expect(header.clustered && header.minZoom == 0 && header.maxZoom == 4)
        #expect(header.addressedTiles == UInt64(tiles.count))
        #expect(header.tileContents == UInt64(Set(tiles.map { $0.1 }).count))
        #expect(header.rootOffset == 127 && header.leafLength == 0)
        #expect(reader.metadata["name"] == "world" && reader.metadata["format"] == "png" && reader.metadata["attribution"] == "© OSM")
        // Clustered: contents in tile-id order, so offsets never go back to a new content.
        var entries: [PMTilesEntry] = []
        try await reader.forEachEntry { entries.append($0) }
        var end: UInt64 = 0
        for entry in entries where entry.offset >= end {
            #expect(entry.offset == end)
            end = entry.offset + UInt64(entry.length)
        }
        #expect(end == header.tileDataLength)
    }

    @Test func identicalTilesAreStoredOnceAndConsecutiveOnesRunLengthEncoded() async throws {
        let path = try temporaryPath()
        let sea = Array(repeating: UInt8(7), count: 1000)
        let land = Array(repeating: UInt8(9), count: 800)
        let writer = try PMTilesWriter(path: path)
        // Zoom 3 in Hilbert order: ids 21...84; 21...40 sea, 41 land, 42...84 sea.
        for id in UInt64(21)...84 { try writer.write(try TileID(pmtilesID: id), data: id == 41 ? land : sea) }
        try writer.finish(describing: tileset())
        let reader = try PMTilesReader(path: path)
        #expect(reader.header.addressedTiles == 64 && reader.header.tileEntries == 3 && reader.header.tileContents == 2)
        #expect(reader.header.tileDataLength == 1800)
        var entries: [PMTilesEntry] = []
        try await reader.forEachEntry { entries.append($0) }
        #expect(entries == [PMTilesEntry(tileID: 21, offset: 0, length: 1000, runLength: 20),
                            PMTilesEntry(tileID: 41, offset: 1000, length: 800, runLength: 1),
                            PMTilesEntry(tileID: 42, offset: 0, length: 1000, runLength: 43)])
        for id in UInt64(21)...84 { #expect(try await reader.tile(try TileID(pmtilesID: id)) == (id == 41 ? land : sea)) }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size < 2500, "64 tiles of 1000 bytes took \(size) bytes")
    }

    @Test func aTileWrittenTwiceKeepsTheLastBytes() async throws {
        let path = try temporaryPath()
        let writer = try PMTilesWriter(path: path)
        let tile = try TileID(z: 2, x: 1, y: 3)
        try writer.write(tile, data: [1, 2, 3])
        try writer.write(tile, data: [4, 5])
        try writer.finish(describing: tileset())
        let reader = try PMTilesReader(path: path)
        #expect(try await reader.tile(tile) == [4, 5])
        #expect(reader.header.addressedTiles == 1)
    }

    /// More than 20 000 distinct tiles: the root would pass 16 kB, so it points at leaves.
    @Test func manyDistinctTilesGoIntoLeafDirectories() async throws {
        let path = try temporaryPath()
        let writer = try PMTilesWriter(path: path)
        var tiles: [(TileID, [UInt8])] = []
        var generator = SystemRandomNumberGenerator()
        for index in 0..<24_000 {
            // Scattered ids, so that entries do not pack into runs, and distinct contents.
            let tile = try TileID(z: 12, x: (index * 37) % 4096, y: (index * 131 + index / 4096) % 4096)
            var bytes = withUnsafeBytes(of: UInt32(index).littleEndian, Array.init)
            bytes += (0..<Int(generator.next() % 5)).map { _ in UInt8.random(in: 0...255) }
            tiles.append((tile, bytes))
        }
        for (tile, bytes) in tiles { try writer.write(tile, data: bytes) }
        try writer.finish(describing: tileset())
        let reader = try PMTilesReader(path: path)
        #expect(reader.header.leafLength > 0 && reader.header.rootLength <= 16_384 - 127)
        #expect(reader.header.addressedTiles == UInt64(Set(tiles.map(\.0)).count))
        var expected: [TileID: [UInt8]] = [:]
        for (tile, bytes) in tiles { expected[tile] = bytes }
        for (tile, bytes) in expected.shuffled().prefix(3000) { #expect(try await reader.tile(tile) == bytes) }
        var count = 0
        try await reader.forEachEntry { count += Int($0.runLength) }
        #expect(count == expected.count)
    }

    /// A run killed before `finish` leaves no archive, only its spool; `resume` picks the tiles up.
    @Test func aKilledRunIsResumedFromItsSpool() async throws {
        let path = try temporaryPath()
        let tiles = corpus
        do {
            let writer = try PMTilesWriter(path: path)
            for (tile, data) in tiles.prefix(40) { try writer.write(tile, data: data) }
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        // A torn last record (the kill came mid-write) is dropped.
        let spool = (path as NSString).deletingLastPathComponent + "/.test.pmtiles.spool"
        let handle = try #require(FileHandle(forWritingAtPath: spool))
        handle.seekToEndOfFile()
        handle.write(Data([1, 2, 3, 4, 5, 6, 7]))
        try handle.close()

        let writer = try PMTilesWriter(path: path, resume: true)
        #expect(tiles.prefix(40).allSatisfy { writer.contains($0.0) })
        #expect(!writer.contains(tiles[40].0))
        for (tile, data) in tiles.dropFirst(40) { try writer.write(tile, data: data) }
        try writer.finish(describing: tileset())
        let reader = try PMTilesReader(path: path)
        for (tile, data) in tiles { #expect(try await reader.tile(tile) == data) }
        #expect(reader.header.addressedTiles == UInt64(tiles.count))
    }

    @Test func corruptArchivesAreErrorsNamingTheFile() async throws {
        let path = try temporaryPath()
        let writer = try PMTilesWriter(path: path)
        for (tile, data) in corpus { try writer.write(tile, data: data) }
        try writer.finish(describing: tileset())
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let header = try PMTilesHeader(parsing: good)
        let broken = path + ".broken.pmtiles"
        func open(_ bytes: [UInt8]) throws -> PMTilesReader {
            try Data(bytes).write(to: URL(fileURLWithPath: broken))
            return try PMTilesReader(path: broken)
        }
        func expectError(_ bytes: [UInt8], _ words: String) {
            do {
                _ = try open(bytes)
                Issue.record("no error for \(words)")
            } catch {
                let failure = error as? PMTilesError
                #expect(failure?.message.hasPrefix(broken + ": ") == true, "\(error)")
                #expect(failure?.message.contains(words) == true, "\(error)")
                #expect(failure?.kind == .corrupt)
            }
        }
        var magic = good; magic[1] = 0
        expectError(magic, "bad magic")
        expectError(Array(good.prefix(60)), "truncated: 127 bytes at 0")
        expectError(Array(good.prefix(Int(header.rootOffset) + 10)), "truncated")
        var garbage = good
        for index in Int(header.rootOffset)..<Int(header.rootOffset + header.rootLength) { garbage[index] = 0x55 }
        expectError(garbage, "root directory")
        expectError(Array(good.prefix(Int(header.tileDataOffset) + 10)), "tile data at \(header.tileDataOffset)+\(header.tileDataLength) is past the end of the file")
        // A file cut short while it is open: reading is an error, not a SIGBUS.
        let cut = try open(good)
        #expect(truncate(broken, off_t(header.tileDataOffset) + 10) == 0)
        await #expect(throws: PMTilesError.self) {
            for (tile, _) in corpus { _ = try await cut.tile(tile) }
        }
        // An offset past the tile data (the header says the data is shorter than the entries).
        var short = good
        for index in 64..<72 { short[index] = 0 }
        short[64] = 100
        let shortReader = try open(short)
        await #expect(throws: PMTilesError.self) {
            for (tile, _) in corpus { _ = try await shortReader.tile(tile) }
        }
    }
}
