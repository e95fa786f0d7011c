extension TileList {
    /// Up to `n` tiles spread evenly over the list (so most come from the deepest zoom, where most
    /// tiles are), for estimating a job's size. A region's are found without listing it.
    public func samples(_ n: Int) -> [TileID] {
        let total = count
        guard total > 0, n > 0 else { return [] }
        let picked = Swift.min(n, total)
        let spacing = Double(total) / Double(picked)
        let positions: [Int] = (0..<picked).map { (index: Int) -> Int in Int((Double(index) + 0.5) * spacing) }
        switch origin {
        case .region(let box, let zooms):
            return positions.compactMap { tile(at: $0 * shard.count + shard.index, in: box, zooms: zooms) }
        case .file:
            var wanted = positions[...]
            var result: [TileID] = []
            for (position, tile) in self.enumerated() where position == wanted.first {
                result.append(tile)
                wanted = wanted.dropFirst()
                if wanted.isEmpty { break }
            }
            return result
        }
    }

    /// The tile at unsharded `position` of a region's list.
    private func tile(at position: Int, in box: BoundingBox, zooms: ClosedRange<Int>) -> TileID? {
        var remaining = position
        for zoom in zooms {
            for range in box.tileRanges(zoom: zoom) {
                if remaining < range.count {
                    let width = range.maxX - range.minX + 1
                    return TileID(unchecked: zoom, range.minX + remaining % width, range.minY + remaining / width)
                }
                remaining -= range.count
            }
        }
        return nil
    }
}
