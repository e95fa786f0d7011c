/// Which tiles of a zoom have something to draw: what `cairn clusters --out` writes, so that
/// empty tiles are never produced (at zoom 14 there are 268 million tiles, a dataset touches few).
extension ClusterIndex {
    /// The tiles of zoom `z` that ``tile(z:x:y:buffer:)`` may find items in, sorted by row then
    /// column: every tile whose area grown by `radius / extent` tile widths holds an item of the
    /// zoom's level, with the wrap around the antimeridian that `tile` applies. A superset at
    /// most by a tile's rounding; callers skip a tile whose query comes back empty.
    public func coveredTiles(z: Int) -> [(x: Int, y: Int)] {
        let z2 = pow2(z)
        let side = 1 << z
        let p = options.radius / options.extent
        var tiles = Set<Int>()
        for item in clusters(west: -180, south: -90, east: 180, north: 90, zoom: Double(z)) {
            let (px, py) = projected(item)
            let u = px * z2, v = py * z2
            guard u.isFinite, v.isFinite else { continue }
            let rows = max(0, Int((v - 1 - p).rounded(.down)))...min(side - 1, Int((v + p).rounded(.down)))
            let low = Int((u - 1 - p).rounded(.down)), high = Int((u + p).rounded(.down))
            guard rows.lowerBound <= rows.upperBound else { continue }
            for column in low...high {
                let wrapped = ((column % side) + side) % side
                for row in rows { tiles.insert(row * side + wrapped) }
            }
        }
        return tiles.sorted().map { (x: $0 % side, y: $0 / side) }
    }
}
