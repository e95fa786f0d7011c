import Canvas
import Clusters
import Foundation
import Synchronization
import Tiles

/// Heatmap tiles of a dataset's points, on one colour scale for the whole map.
///
/// The density at a pixel centre p is D(p) = Σ wᵢ·K(dᵢ / r) over the points (after the index's
/// filter): dᵢ the distance in output pixels from p to point i projected at the tile's zoom and
/// scale, r the radius (CSS pixels) × the scale, wᵢ the weight, K the ``HeatmapKernel``. A pixel's
/// colour is ramp(min(1, D / S)), S the ``HeatmapScale`` of the zoom (never the tile's).
///
/// Built on a ``ClusterIndex`` (a filtered one for a filter): the points are found through its
/// tree; a heatmap adds to a served dataset each weight property's value per point (8 bytes a
/// point, for the weights asked for) and the memoised scales.
///
/// ```swift
/// let heatmap = Heatmap(index: index)
/// let surface = try heatmap.tile(TilePixels(tile: tile, scale: 2), options: HeatmapOptions(radius: "30", ramp: "viridis"))
/// ```
public final class Heatmap: Sendable {
    public let index: ClusterIndex
    /// Each weight property's value per point, read once when first asked for.
    let weightColumns = Mutex<[String: [Double]]>([:])
    /// The scales computed, by zoom and the options they depend on.
    let scales = Mutex<[ScaleKey: Double]>([:])
    /// Every point's position in the unit Web Mercator square, in 32 bits (8 bytes a point), made
    /// when a tile covering a large share of the world first needs it.
    let unitPositions = Mutex<(x: [Float], y: [Float])?>(nil)

    public init(index: ClusterIndex) {
        self.index = index
    }

    /// Bytes held beside the index: the weights read and the points' 32-bit positions.
    public var byteCount: Int {
        weightColumns.withLock { $0.values.reduce(0) { $0 + $1.count * 8 } } + unitPositions.withLock { ($0?.x.count ?? 0) * 8 }
    }

    /// The tile drawn: `pixels.size` pixels square, premultiplied ARGB32.
    public func tile(_ pixels: TilePixels, options: HeatmapOptions) throws -> Surface {
        try picture(zoom: pixels.tile.z, scale: pixels.scale, originX: pixels.tile.x * pixels.size, originY: pixels.tile.y * pixels.size,
                    width: pixels.size, height: pixels.size, options: options)
    }

    /// A picture `width` × `height` output pixels whose top-left corner is world pixel (`originX`,
    /// `originY`) at `zoom` and `scale` (the world is 256 · scale · 2^zoom pixels across; x may
    /// run past the antimeridian). Made of the densities of the tiles it covers, so that it is
    /// pixel for pixel the window of those tiles.
    public func picture(zoom: Int, scale: Int, originX: Int, originY: Int, width: Int, height: Int,
                        options: HeatmapOptions) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        let s = try self.scale(zoom: zoom, options: options)
        let table = options.ramp.lookupTable(opacity: options.opacity)
        let size = 256 * scale, tiles = 1 << zoom
        let firstColumn = Int((Double(originX) / Double(size)).rounded(.down)), lastColumn = Int((Double(originX + width - 1) / Double(size)).rounded(.down))
        let firstRow = Int((Double(originY) / Double(size)).rounded(.down)), lastRow = Int((Double(originY + height - 1) / Double(size)).rounded(.down))
        try surface.withMutablePixels { (target: UnsafeMutableBufferPointer<UInt32>, stride: Int) throws in
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn {
                    // Beyond the world's north and south edges there are no points: D = 0.
                    let density = (0..<tiles).contains(row)
                        ? try self.density(TilePixels(tile: TileID(z: zoom, x: ((column % tiles) + tiles) % tiles, y: row), scale: scale), options: options)
                        : [Double](repeating: 0, count: size * size)
                    let left = column * size - originX, top = row * size - originY
                    for y in max(0, top)..<min(height, top + size) {
                        for x in max(0, left)..<min(width, left + size) {
                            let value = density[(y - top) * size + (x - left)] / s
                            target[y * stride + x] = table[Int((min(1, value) * 255).rounded())]
                        }
                    }
                }
            }
        }
        return surface
    }
}

/// What a scale is memoised by.
struct ScaleKey: Hashable {
    let zoom: Int
    let radius: Double
    let kernel: HeatmapKernel
    let weight: String?
}
