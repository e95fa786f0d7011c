import Canvas
import ClusterOverlays
import Clusters
import Codecs
import Foundation
import Markers

/// The "Cluster tiles" section: the sample cities' overlay PNG tiles and vector tiles, per tile,
/// on the tiles of one zoom that hold the most clusters (30 and more), encoded as the server encodes
/// them. The overlay's baseline draws every badge afresh (layout, text, disc) instead of compositing
/// a look drawn once.
struct OverlayBench {
    let machineFactor: Double
    let citiesPath: String

    func run() {
        Report.header("Cluster tiles: the 34 006 sample cities (radius 80), per tile, one core")
        guard let result = try? PointReader.read(path: citiesPath),
              let index = try? ClusterIndex(points: result.points, options: ClusterOptions(radius: 80)),
              let overlay = try? ClusterOverlay(style: .google, label: .abbrev) else {
            Report.note("cannot read \(citiesPath)")
            return
        }
        let zoom = 5
        let side = 1 << zoom
        let busiest = (0..<(side * side)).map { ($0 % side, $0 / side) }
            .map { (x: $0.0, y: $0.1, items: index.tile(z: zoom, x: $0.0, y: $0.1, buffer: overlay.reach / 256).count) }
            .sorted { $0.items > $1.items }
            .prefix(8)
        let items = busiest.map(\.items)
        Report.note("zoom \(zoom), the 8 busiest tiles: \(items.map(String.init).joined(separator: ", ")) items each (buffer included)")

        let tiles = Array(busiest)
        var next = 0
        func tile() -> (x: Int, y: Int) { defer { next = (next + 1) % tiles.count }; return (tiles[next].x, tiles[next].y) }
        let composited = Measurement.run("overlay tile: draw (looks composited) + PNG", iterations: 200, warmup: 16) {
            let (x, y) = tile()
            let surface = try! Surface(width: 256, height: 256)
            try! overlay.draw(index, zoom: zoom, originX: 256 * x, originY: 256 * y, on: surface, scale: 1)
            consume(try! ImageEncoder.overlay(for: .png).encode(surface))
        }
        let redrawn = Measurement.run("  baseline: every badge laid out and drawn afresh + PNG", iterations: 60, warmup: 4) {
            let (x, y) = tile()
            let surface = try! Surface(width: 256, height: 256)
            let context = Context(surface)
            for found in index.tile(z: zoom, x: x, y: y, buffer: overlay.reach / 256) {
                let layout = try! overlay.style.layout(for: index.pointCount(of: found.item), label: .abbrev)
                context.withSavedState {
                    context.translate(found.x * 256 - layout.canvasSide / 2, found.y * 256 - layout.canvasSide / 2)
                    try! layout.draw(in: context, resolution: 1)
                }
            }
            consume(try! ImageEncoder.overlay(for: .png).encode(surface))
        }
        Report.row(composited, baseline: redrawn, target: String(format: "≤ 1 ms (%.2f here)", machineFactor))
        let drawOnly = Measurement.run("  of which drawing", iterations: 200, warmup: 16) {
            let (x, y) = tile()
            let surface = try! Surface(width: 256, height: 256)
            try! overlay.draw(index, zoom: zoom, originX: 256 * x, originY: 256 * y, on: surface, scale: 1)
            consume(surface)
        }
        Report.row(drawOnly, baseline: nil, target: "")
        let vector = Measurement.run("vector tile (MVT, extent 4096)", iterations: 2000, warmup: 100) {
            let (x, y) = tile()
            consume(index.vectorTile(z: zoom, x: x, y: y))
        }
        Report.row(vector, baseline: nil, target: String(format: "≤ 0.1 ms (%.2f here)", 0.1 * machineFactor))
        Report.note("sizes: overlay PNG \(overlayBytes(index, overlay, zoom, tiles[0])) B, MVT \(index.vectorTile(z: zoom, x: tiles[0].x, y: tiles[0].y).count) B (busiest tile)")
        donuts(result.points, tiles: tiles, zoom: zoom, plain: composited)
    }

    /// The same tiles with the cities' categories by country (the 10 most frequent and other):
    /// each cluster a donut of its own breakdown, each distinct look drawn once.
    private func donuts(_ points: PointSet, tiles: [(x: Int, y: Int, items: Int)], zoom: Int, plain: Measurement) {
        guard let index = try? ClusterIndex(points: points, options: ClusterOptions(radius: 80), categories: CategorySpec(property: "country")),
              let overlay = try? ClusterOverlay(style: .google, label: .abbrev, categories: CategoryStyle(look: .donut)) else { return }
        var next = 0
        let donut = Measurement.run("overlay tile with donuts (10 countries + other): draw + PNG", iterations: 200, warmup: 16) {
            let tile = tiles[next]
            next = (next + 1) % tiles.count
            let surface = try! Surface(width: 256, height: 256)
            try! overlay.draw(index, zoom: zoom, originX: 256 * tile.x, originY: 256 * tile.y, on: surface, scale: 1)
            consume(try! ImageEncoder.overlay(for: .png).encode(surface))
        }
        Report.row(donut, baseline: plain, target: "")
        Report.note("busiest tile with donuts: \(overlayBytes(index, overlay, zoom, tiles[0])) B")
    }

    private func overlayBytes(_ index: ClusterIndex, _ overlay: ClusterOverlay, _ zoom: Int, _ tile: (x: Int, y: Int, items: Int)) -> Int {
        let surface = try! Surface(width: 256, height: 256)
        try! overlay.draw(index, zoom: zoom, originX: 256 * tile.x, originY: 256 * tile.y, on: surface, scale: 1)
        return (try? ImageEncoder.overlay(for: .png).encode(surface).count) ?? 0
    }
}
