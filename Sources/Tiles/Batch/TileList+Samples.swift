extension TileList {
    /// Up to `n` tiles spread evenly over the list (so most come from the deepest zoom, where most
    /// tiles are), for estimating a job's size. A region's are found without listing it; a file's
    /// were kept as it was read (of a stream, once it has been read).
    public func samples(_ n: Int) -> [TileID] {
        switch origin {
        case .region(let box, let zooms):
            let total = count
            guard total > 0, n > 0 else { return [] }
            let picked = Swift.min(n, total)
            let spacing = Double(total) / Double(picked)
            return (0..<picked).compactMap { (index: Int) -> TileID? in
                let position = Int((Double(index) + 0.5) * spacing)
                return tile(at: position * shard.count + shard.index, in: box, zooms: zooms)
            }
        case .file(let file):
            return file.samples(n)
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
