/// Items in an arbitrary window of one zoom level, for pictures of any size and position.
extension ClusterIndex {
    /// The items of the level for `zoom` whose position lies in the window `minX...maxX`,
    /// `minY...maxY`, given in tile units of that zoom (the world is `0...2^zoom` across). The
    /// window may run past the antimeridian on either side (x below 0 or above 2^zoom): items are
    /// then found in the world's copy there, with positions in the window's units.
    public func items(zoom: Int, minX: Double, minY: Double, maxX: Double, maxY: Double)
        -> [(item: ClusterItem, x: Double, y: Double)] {
        let z2 = pow2(zoom)
        let level = level(for: Double(zoom))
        var result: [(item: ClusterItem, x: Double, y: Double)] = []
        guard minX <= maxX, minY <= maxY, maxY >= 0, minY <= z2 else { return result }
        var handles: [Int32] = []
        let firstCopy = Int((minX / z2).rounded(.down)), lastCopy = Int((maxX / z2).rounded(.down))
        for copy in firstCopy...lastCopy {
            let shift = Double(copy) * z2
            handles.removeAll(keepingCapacity: true)
            itemX.withUnsafeBufferPointer { x in
                itemY.withUnsafeBufferPointer { y in
                    level.range(minX: max(minX - shift, 0) / z2, minY: max(minY, 0) / z2,
                                maxX: min(maxX - shift, z2) / z2, maxY: min(maxY, z2) / z2, x: x, y: y, into: &handles)
                }
            }
            for handle in handles {
                let item = ClusterItem(handle: handle)
                let (px, py) = projected(item)
                result.append((item, px * z2 + shift, py * z2))
            }
        }
        return result
    }
}
