import Codecs
import Foundation
import Tiles

/// Vector tiles gzipped, as tippecanoe stores them, into an archive (`.pmtiles`), MBTiles or a
/// `z/x/y.pbf` directory: the writing loop of `cairn clusters --out`, `cairn grid` and, for raster
/// tiles written as made (``format`` `png` or `webp`), `cairn heatmap`. Tiles whose maker gives
/// nothing are not written; the tileset's bounds are the highest zoom's tiles.
struct VectorTileExport {
    /// The tiles to make, zoom by zoom.
    let plan: [(z: Int, tiles: [TileID])]
    let out: String
    let quiet: Bool
    /// What the summary calls the tiles (`cluster tiles`).
    let noun: String
    /// `pbf` (vector tiles, gzipped here) or a raster format.
    var format = "pbf"

    /// Writes each tile `make` gives (nil: nothing on it), then the tileset's description.
    func run(make: (TileID) throws -> [UInt8]?, describe: (BoundingBox?) -> TilesetDescription) async throws {
        let progress = Progress(total: plan.reduce(0) { $0 + $1.tiles.count }, noun: "tiles", quiet: quiet)
        let output = try await ConvertOutput(path: out, format: format)
        let highest = plan.map(\.z).max() ?? 0
        var written = 0, empty = 0
        var covered = TileCoverage()
        Interruption.stopCooperatively()
        do {
            for (z, tiles) in plan {
                for tile in tiles {
                    if Interruption.isStopping { throw CancellationError() }
                    progress.advance()
                    guard let bytes = try make(tile) else {
                        empty += 1
                        continue
                    }
                    try output.sink.write(tile, data: format == "pbf" ? Gzip.compress(bytes) : bytes)
                    if z == highest { covered.add(tile) }
                    written += 1
                }
            }
            try output.finish(describing: describe(covered.bounds))
        } catch {
            output.discard()
            Interruption.exitIfStopping()
            if let error = error as? CLIError { throw error }
            if let error = error as? PMTilesError { throw CLIError.archive(error) }
            throw CLIError.io("\(out): \(error)")
        }
        let zooms = (plan.map(\.z).min() ?? 0, highest)
        progress.finish(String(format: "wrote %d %@ (zoom %d-%d) to %@ in %.2f s (%.0f tiles/s); %d empty skipped",
                               written, noun, zooms.0, zooms.1, out, progress.elapsed,
                               Double(written) / max(progress.elapsed, 1e-9), empty))
    }
}
