import Tiles

extension Heatmap {
    /// The tiles of `zoom` some point reaches with a kernel of `radius` CSS pixels, by row then
    /// column: the tiles with something on them (any other is ramp(0) all over).
    public func coveredTiles(zoom: Int, radius: Double) -> [TileID] {
        let tiles = 1 << zoom, worldSize = 256 * Double(tiles)
        let longitudes = index.points.longitudes, latitudes = index.points.latitudes
        var covered = Set<Int>()
        for point in 0..<index.pointCount {
            let position = WebMercator.tilePosition(longitude: longitudes[point], latitude: latitudes[point], zoom: 0)
            let x = position.x * worldSize, y = position.y * worldSize
            let top = max(0, Int(((y - radius) / 256).rounded(.down))), bottom = min(tiles - 1, Int(((y + radius) / 256).rounded(.down)))
            let left = Int(((x - radius) / 256).rounded(.down)), right = Int(((x + radius) / 256).rounded(.down))
            guard top <= bottom else { continue }
            for row in top...bottom {
                // Across the antimeridian, the tiles of the other side.
                for column in left...right { covered.insert(row * tiles + ((column % tiles) + tiles) % tiles) }
            }
        }
        return covered.sorted().compactMap { try? TileID(z: zoom, x: $0 % tiles, y: $0 / tiles) }
    }
}
