import Foundation
import Tiles

/// `CairnBench archives`: 100 000 tiles written to PMTiles and to MBTiles through the sinks
/// `cairn render` uses, finish included (the PMTiles layout, MBTiles' commit and checkpoint).
/// The tiles are the corpus's, each made distinct by a 4-byte suffix, and three in ten a shared
/// "sea" tile, as a region's tiles are. Target: PMTiles at least as fast as MBTiles (ratio ≥ 1).
struct ArchiveBench {
    let fixtures: String
    let scratch: String
    var count = 100_000
    var iterations = 3

    /// Where each archive is written, then read back from.
    private var mbtilesPath: String { scratch + "/bench.mbtiles" }
    private var pmtilesPath: String { scratch + "/bench.pmtiles" }

    func run() throws {
        let corpus = (FileManager.default.enumerator(atPath: fixtures)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
            .map { Array(FileManager.default.contents(atPath: fixtures + "/" + $0)!) }
        let sea = corpus.min { $0.count < $1.count }!
        let tiles = TileList(region: .world, zooms: 0...9).prefix(count).enumerated().map { index, tile -> (TileID, [UInt8]) in
            if index % 10 < 3 { return (tile, sea) }
            return (tile, corpus[index % corpus.count] + withUnsafeBytes(of: UInt32(index).littleEndian, Array.init))
        }
        let bytes = tiles.reduce(0) { $0 + $1.1.count }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let tileset = TilesetDescription(name: "bench", format: "png", bounds: .world, minZoom: 0, maxZoom: 9)
        Report.header("Tile archives: \(tiles.count) tiles (\(bytes / 1_000_000) MB), written and finished")
        let mbtiles = try Measurement.run("\(tiles.count) tiles → MBTiles", iterations: iterations, warmup: 0) {
            try? FileManager.default.removeItem(atPath: mbtilesPath)
            let sink = try MBTilesSink(path: mbtilesPath)
            for (tile, data) in tiles { try sink.write(tile, data: data) }
            try sink.finish(describing: tileset)
        }
        let pmtiles = try Measurement.run("\(tiles.count) tiles → PMTiles", iterations: iterations, warmup: 0) {
            let sink = try PMTilesWriter(path: pmtilesPath)
            for (tile, data) in tiles { try sink.write(tile, data: data) }
            try sink.finish(describing: tileset)
        }
        Report.row(pmtiles, baseline: mbtiles, target: "≥ 1.0x (PMTiles at least as fast as MBTiles)")
        Report.note(String(format: "MBTiles %.0f ms, PMTiles %.0f ms: PMTiles/MBTiles time ratio %.2f",
                           mbtiles.median, pmtiles.median, pmtiles.median / mbtiles.median))
        try readBack(tiles.map(\.0))
    }

    /// What a served layer does on a miss, through the sources `cairn serve` opens: every tile of the
    /// archives just written, in a scattered order, by as many concurrent readers as there are cores.
    private func readBack(_ tiles: [TileID]) throws {
        let order = (0..<tiles.count).map { tiles[($0 &* 7_919) % tiles.count] }
        let readers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        func readAll(_ source: any TileSource) throws {
            let found = try blocking {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for reader in 0..<readers {
                        group.addTask {
                            var found = 0
                            for index in stride(from: reader, to: order.count, by: readers) where try await source.tile(order[index], scale: 1) != nil {
                                found += 1
                            }
                            return found
                        }
                    }
                    return try await group.reduce(0, +)
                }
            }
            precondition(found == order.count, "\(order.count - found) tiles missing from the archive")
        }
        let mbtiles = try MBTilesSource(path: mbtilesPath)
        let pmtiles = try PMTilesSource(path: pmtilesPath)
        Report.header("Tile archives as a layer's source: \(tiles.count) tiles read back, \(readers) readers at once")
        let fromMBTiles = try Measurement.run("\(tiles.count) tiles ← MBTiles source", iterations: iterations, warmup: 1) { try readAll(mbtiles) }
        let fromPMTiles = try Measurement.run("\(tiles.count) tiles ← PMTiles source", iterations: iterations, warmup: 1) { try readAll(pmtiles) }
        Report.row(fromPMTiles, baseline: fromMBTiles, target: "≥ 1.0x (a PMTiles layer's tiles as fast as an MBTiles layer's)")
        Report.note(String(format: "read back: MBTiles %.0f ms, PMTiles %.0f ms (%.0f vs %.0f tiles/s)", fromMBTiles.median, fromPMTiles.median,
                           Double(tiles.count) / fromMBTiles.median * 1000, Double(tiles.count) / fromPMTiles.median * 1000))
    }
}
