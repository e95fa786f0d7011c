import Clusters
import Density
import Foundation
import Tiles

/// `CairnBench grid POINTS TILES`: the grid's cold vector tiles (`scripts/bench-grid.sh` sets
/// them against PostGIS). Reads the points file, indexes it as `cairn serve` does, then for each
/// line `square|hex Z X Y` of TILES makes the tile's `.mvt` (32-pixel cells) 7 times, nothing
/// cached between, and prints `shape z/x/y median-ms features points`.
struct GridBench {
    let pointsPath: String
    let tilesPath: String

    func run() throws {
        let points = try PointReader.read(path: pointsPath).points
        let index = try ClusterIndex(points: points, options: ClusterOptions(maxZoom: 0))
        index.prepareLevels()
        let grid = Grid(index: index)
        for line in try String(contentsOfFile: tilesPath, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 4, let shape = GridShape(rawValue: String(fields[0])),
                  let z = Int(fields[1]), let x = Int(fields[2]), let y = Int(fields[3]) else { continue }
            let tile = try TileID(z: z, x: x, y: y)
            let options = GridOptions(shape: shape, cell: 32)
            let timing = try Measurement.run("\(shape) \(tile)", iterations: 7, warmup: 1) { _ = try grid.vectorTile(tile, options: options) }
            let cells = try grid.cells(tile, options: options)
            print(String(format: "%@ %@ %.3f %d %d", shape.rawValue, tile.description, timing.median, cells.count, cells.reduce(0) { $0 + $1.count }))
        }
    }
}
