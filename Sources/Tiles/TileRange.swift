/// A rectangle of tiles at one zoom, `x` in `minX...maxX` and `y` in `minY...maxY`, walked row by row.
public struct TileRange: Equatable, Sendable, Sequence {
    public let z: Int
    public let minX: Int, maxX: Int
    public let minY: Int, maxY: Int

    /// The range `minX...maxX` × `minY...maxY` at zoom `z` (bounds ordered and inside the grid).
    public init(z: Int, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        precondition(minX <= maxX && minY <= maxY && minX >= 0 && minY >= 0 && maxX < 1 << z && maxY < 1 << z,
                     "tile range \(minX)...\(maxX) x \(minY)...\(maxY) is not inside zoom \(z)")
        self.z = z; self.minX = minX; self.maxX = maxX; self.minY = minY; self.maxY = maxY
    }

    /// Number of tiles in the range.
    public var count: Int { (maxX - minX + 1) * (maxY - minY + 1) }

    public func contains(_ tile: TileID) -> Bool {
        tile.z == z && (minX...maxX).contains(tile.x) && (minY...maxY).contains(tile.y)
    }

    public func makeIterator() -> AnyIterator<TileID> {
        var x = minX, y = minY
        return AnyIterator {
            guard y <= maxY else { return nil }
            let tile = TileID(unchecked: z, x, y)
            x += 1
            if x > maxX { x = minX; y += 1 }
            return tile
        }
    }
}

extension BoundingBox {
    /// The tiles at `zoom` that overlap the box (a box edge on a tile edge does not pull in the
    /// neighbour). One range, two when the box crosses the antimeridian, none when it lies wholly
    /// beyond the Web Mercator latitude limit.
    public func tileRanges(zoom: Int) -> [TileRange] {
        // A box wholly north or south of the Web Mercator square (beyond ±85.0511°) covers no tile.
        guard south < WebMercator.maximumLatitude, north > -WebMercator.maximumLatitude else { return [] }
        if crossesAntimeridian {
            let halves = [BoundingBox(unchecked: west, south, 180, north), BoundingBox(unchecked: -180, south, east, north)]
            let ranges = halves.filter { $0.west < $0.east }.flatMap { $0.tileRanges(zoom: zoom) }
            // At low zooms the two halves can meet in the same columns: then it is one full-width band.
            if ranges.count == 2, ranges[1].maxX >= ranges[0].minX - 1 {
                return [TileRange(z: zoom, minX: 0, maxX: (1 << zoom) - 1, minY: ranges[0].minY, maxY: ranges[0].maxY)]
            }
            return ranges
        }
        let last = (1 << zoom) - 1
        let northWest = WebMercator.tilePosition(longitude: west, latitude: north, zoom: zoom)
        let southEast = WebMercator.tilePosition(longitude: east, latitude: south, zoom: zoom)
        let minX = min(Int(northWest.x.rounded(.down)), last)
        let minY = min(Int(northWest.y.rounded(.down)), last)
        let maxX = max(minX, min(Int(southEast.x.rounded(.up)) - 1, last))
        let maxY = max(minY, min(Int(southEast.y.rounded(.up)) - 1, last))
        return [TileRange(z: zoom, minX: minX, maxX: maxX, minY: minY, maxY: maxY)]
    }

    /// Number of tiles overlapping the box at each zoom of `zooms`, computed without listing them.
    public func tileCount(zooms: ClosedRange<Int>) -> Int {
        zooms.reduce(0) { total, zoom in total + tileRanges(zoom: zoom).reduce(0) { $0 + $1.count } }
    }
}
