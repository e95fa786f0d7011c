import Canvas
import ClusterOverlays
import Clusters
import Codecs
import Density
import Foundation
import Tiles

/// `CairnBench heatmap POINTS TILES`: cold heatmap PNG tiles (radius 20, quartic, `heat`) against
/// cold cluster overlay PNG tiles of the same served dataset (`scripts/bench-heatmap.sh` sets them
/// against datashader). Reads the points file, indexes it as `cairn serve` does, then for each
/// line `Z X Y` of TILES draws and encodes the tile 7 times, nothing cached between but the zoom's
/// colour scale (a server computes it once per dataset and zoom), and prints
/// `z/x/y heatmap-median-ms overlay-median-ms scale` (the scale for datashader to colour by).
struct HeatmapBench {
    let pointsPath: String
    let tilesPath: String

    func run() throws {
        let points = try PointReader.read(path: pointsPath).points
        let index = try ClusterIndex(points: points)
        index.prepareLevels()
        let heatmap = Heatmap(index: index)
        let options = HeatmapOptions()
        let overlay = try ClusterOverlay(style: .google, label: .abbrev)
        let encoder = ImageEncoder.overlay(for: .png)
        for line in try String(contentsOfFile: tilesPath, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ").compactMap { Int($0) }
            guard fields.count == 3 else { continue }
            let tile = try TileID(z: fields[0], x: fields[1], y: fields[2])
            let scale = try heatmap.scale(zoom: tile.z, options: options)
            let heat = try Measurement.run("heatmap \(tile)", iterations: 7, warmup: 1) {
                _ = try encoder.encode(heatmap.tile(TilePixels(tile: tile), options: options))
            }
            let clusters = try Measurement.run("overlay \(tile)", iterations: 7, warmup: 1) {
                let surface = try Surface(width: 256, height: 256)
                try overlay.draw(index, zoom: tile.z, originX: 256 * tile.x, originY: 256 * tile.y, on: surface, scale: 1)
                _ = try encoder.encode(surface)
            }
            print(String(format: "%@ %.3f %.3f %.17g", tile.description, heat.median, clusters.median, scale))
        }
    }
}
