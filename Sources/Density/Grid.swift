import Clusters
import Foundation
import Synchronization
import Tiles

/// Square and hexagon grids of a dataset's points: for a tile, every cell whose area meets the
/// tile (and its vector-tile buffer), with how many points it holds, the dataset's aggregates over
/// them and their categories. A cell across a tile edge counts all its points, not just the
/// tile's, so that every tile it touches agrees; empty cells are left out.
///
/// Built on a ``ClusterIndex`` (a filtered one for a filter): its points are found through the
/// index's tree of points, so a grid adds to a served dataset only each aggregate's value per
/// point (8 bytes a point an aggregate) and the memoised colour scales.
///
/// ```swift
/// let grid = Grid(index: index)
/// let options = try GridOptions(shape: "hex", cell: "32", geometry: nil)
/// let mvt = try grid.vectorTile(tile, options: options)     // layer `grid`
/// ```
public final class Grid: Sendable {
    public let index: ClusterIndex
    /// Each aggregate's value for every point, aggregate-major; NaN where a point has none.
    private let aggregateValues: [[Double]]
    /// The choropleth scale of each lattice (the dataset's, never a tile's), once computed.
    let scales = Mutex<[GridLattice: Double]>([:])

    /// The layer name of the vector tiles.
    public static let vectorTileLayer = "grid"

    public init(index: ClusterIndex) {
        self.index = index
        let points = index.points
        let columns = points.propertyColumns(Array(Set(index.aggregates.map(\.property))))
        aggregateValues = index.aggregates.map { aggregate in
            guard let column = columns.first(where: { $0.name == aggregate.property }) else {
                return [Double](repeating: .nan, count: points.count)
            }
            return (0..<points.count).map { column.kinds[$0] == .number ? column.values[$0] : .nan }
        }
    }

    /// Bytes held beside the index.
    public var byteCount: Int { aggregateValues.count * index.pointCount * 8 }

    /// The non-empty cells of `tile`, column by column then row by row. Throws when the zoom is
    /// beyond the cell size's deepest.
    public func cells(_ tile: TileID, options: GridOptions) throws(GridZoomError) -> [GridCellTally] {
        try tally(frame(tile, options: options)).tallies
    }

    func frame(_ tile: TileID, options: GridOptions) throws(GridZoomError) -> GridTileFrame {
        guard let lattice = options.lattice(zoom: tile.z) else { throw GridZoomError(zoom: tile.z, cell: options.cell) }
        return GridTileFrame(lattice: lattice, tile: tile)
    }

    /// The tallies of the frame's non-empty cells, and each one's position among the frame's cells.
    func tally(_ frame: GridTileFrame) -> (tallies: [GridCellTally], positions: [Int]) {
        let categoryCount = index.categories?.count ?? 0
        let operations = index.aggregates.map(\.operation)
        var counts = [Int](repeating: 0, count: frame.cells.count)
        var aggregates = [GridAggregate](repeating: GridAggregate(), count: frame.cells.count * operations.count)
        var categories = [Int](repeating: 0, count: frame.cells.count * categoryCount)
        let lattice = frame.lattice
        let longitudes = index.points.longitudes, latitudes = index.points.latitudes
        func add(_ point: Int) {
            guard let slot = frame.position(of: lattice.cell(longitude: longitudes[point], latitude: latitudes[point])) else { return }
            counts[slot] += 1
            for k in operations.indices {
                aggregates[slot * operations.count + k].add(aggregateValues[k][point], operations[k])
            }
            if let category = index.category(ofPoint: point) { categories[slot * categoryCount + category] += 1 }
        }
        forEachPoint(west: frame.coveredWest, south: frame.coveredSouth, east: frame.coveredEast, north: frame.coveredNorth, add)

        var tallies: [GridCellTally] = [], positions: [Int] = []
        for (position, cell) in frame.cells.enumerated() where counts[position] > 0 {
            guard let id = lattice.id(of: cell) else { continue }
            tallies.append(GridCellTally(
                cell: cell, id: id, count: counts[position],
                aggregates: operations.enumerated().map { aggregates[position * operations.count + $0].result($1) },
                categoryCounts: Array(categories[(position * categoryCount)..<((position + 1) * categoryCount)])))
            positions.append(position)
        }
        return (tallies, positions)
    }

    /// Calls `body` with the number of every point inside the EPSG:3857 box, and of some a little
    /// beyond it (the caller places each point exactly). A box of a 16th of the world or more reads
    /// every point in order, quicker than the index's tree then: its points come in the tree's
    /// order, scattered over the coordinate arrays. A smaller one asks the tree, whose 32-bit
    /// positions the box is widened for.
    private func forEachPoint(west: Double, south: Double, east: Double, north: Double, _ body: (Int) -> Void) {
        guard west <= east, south <= north else { return }
        let margin = 1e-4
        let southWest = GridLattice.unproject(x: west, y: south), northEast = GridLattice.unproject(x: east, y: north)
        let westLongitude = max(-180, southWest.longitude - margin), eastLongitude = min(180, northEast.longitude + margin)
        let southLatitude = southWest.latitude - margin, northLatitude = northEast.latitude + margin
        guard westLongitude <= eastLongitude else { return }
        if (east - west) * (north - south) >= GridLattice.worldWidth * GridLattice.worldWidth / 16 {
            index.points.longitudes.withUnsafeBufferPointer { longitudes in
                index.points.latitudes.withUnsafeBufferPointer { latitudes in
                    for point in 0..<longitudes.count {
                        let longitude = longitudes[point], latitude = latitudes[point]
                        if longitude >= westLongitude, longitude <= eastLongitude, latitude >= southLatitude, latitude <= northLatitude { body(point) }
                    }
                }
            }
            return
        }
        for item in index.clusters(west: westLongitude, south: southLatitude, east: eastLongitude, north: northLatitude, zoom: .infinity) {
            if let point = index.pointIndex(of: item) { body(point) }
        }
    }
}

/// A grid asked for at a zoom deeper than its cells allow (their ids would not fit).
public struct GridZoomError: Error, Sendable, Equatable, CustomStringConvertible {
    public let zoom: Int
    public let cell: Int
    public var description: String {
        "zoom \(zoom) is beyond the deepest zoom of \(cell)-pixel cells, \(GridLattice.maxZoom(cell: cell))"
    }
}
