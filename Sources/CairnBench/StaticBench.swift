import Canvas
import ClusterOverlays
import Clusters
import Codecs
import Foundation
import Snapshots
import Tiles

/// The "Static maps" section: a 1024 × 768 picture of Europe from tiles already cached (their PNG
/// bytes in memory, as the server's cache holds them), with the sample cities' clusters as badges:
/// decode, stitch, draw, encode. The baseline writes the same picture with Cairo's own PNG writer.
struct StaticBench {
    let machineFactor: Double
    let root: String

    func run() {
        Report.header("Static maps: 1024 x 768, zoom 4 over Europe, cached tiles, the sample cities' clusters")
        guard let result = try? PointReader.read(path: root + "/Samples/points/cities15000.geojson"),
              let index = try? ClusterIndex(points: result.points, options: ClusterOptions(radius: 80)),
              let overlay = try? ClusterOverlay(style: .google, label: .abbrev) else {
            Report.note("cannot read the sample cities")
            return
        }
        let view = MapView(longitude: 10, latitude: 50, zoom: 4, width: 1024, height: 768, scale: 1)
        let mosaic = TileMosaic(view: view, maximumZoom: 4)
        var cached: [TileID: [UInt8]] = [:]
        for tile in Set(mosaic.placements.map(\.tile)) {
            cached[tile] = FileManager.default.contents(atPath: root + "/Tests/Fixtures/tiles/world/\(tile.z)/\(tile.x)/\(tile.y).png").map { Array($0) }
        }
        let badges = index.items(zoom: 4, minX: Double(view.originX) / 256, minY: Double(view.originY) / 256,
                                 maxX: Double(view.originX + view.width) / 256, maxY: Double(view.originY + view.height) / 256).count
        Report.note("\(cached.count) tiles, \(badges) clusters and points in view")
        let snapshot = Snapshot(mosaic: mosaic, clusters: (index, overlay))
        func picture() -> Surface {
            let tiles = cached.mapValues { try! ImageDecoder.decode($0) }
            return try! snapshot.render(tiles: tiles)
        }
        let ours = Measurement.run("static map: decode tiles, stitch, clusters, PNG (Cairn)", iterations: 40, warmup: 4) {
            consume(try! PNGEncoder().encode(picture()))
        }
        let cairo = Measurement.run("  baseline: the same with cairo_write_to_png", iterations: 20, warmup: 2) {
            consume(try! picture().cairoPNGData())
        }
        Report.row(ours, baseline: cairo, target: String(format: "≤ 15 ms (%.1f here)", 15 * machineFactor))
        let drawing = Measurement.run("  of which decode + stitch + clusters", iterations: 40, warmup: 4) { consume(picture()) }
        Report.row(drawing, baseline: nil, target: "")
        Report.note("size: \(try! PNGEncoder().encode(picture()).count) B")
    }
}
