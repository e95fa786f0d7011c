/// One zoom level of a ``ClusterIndex`` as it is kept for queries: the level's items (points and
/// clusters, by handle) in the order of the KD-tree supercluster builds for the level, without
/// their coordinates, which every level shares through the index's item table. Keeping 3 bytes an
/// item instead of 12 is what lets 10⁶ points and their 18 levels fit in little memory.
struct LevelTree: Sendable {
    /// Item handles in KD order.
    let handles: PackedHandles
    let nodeSize: Int

    /// The level of the tree whose entries are `entries` (in KD order), every handle below `bound`.
    init(entries: [KDEntry], bound: Int, nodeSize: Int) {
        handles = entries.withUnsafeBufferPointer { entries in
            PackedHandles(count: entries.count, bound: bound) { entries[$0].handle }
        }
        self.nodeSize = nodeSize
    }

    /// The handles of the items inside the box, in kdbush's `range` order. `x` and `y` give an
    /// item's tree coordinates (Float32, as the tree compares them).
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double,
               x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, into result: inout [Int32]) {
        guard handles.count > 0 else { return }
        handles.withReader { handles in
            var stack = KDStack()
            stack.push(0, self.handles.count - 1, 0)
            while let (left, right, axis, _) = stack.pop() {
                if right - left <= nodeSize {
                    for i in left...right {
                        let h = handles[i]
                        let px = Double(x[Int(h)]), py = Double(y[Int(h)])
                        if px >= minX && px <= maxX && py >= minY && py <= maxY { result.append(h) }
                    }
                    continue
                }
                let m = (left + right) >> 1
                let h = handles[m]
                let px = Double(x[Int(h)]), py = Double(y[Int(h)])
                if px >= minX && px <= maxX && py >= minY && py <= maxY { result.append(h) }
                if axis == 0 ? minX <= px : minY <= py { stack.push(left, m - 1, 1 - axis) }
                if axis == 0 ? maxX >= px : maxY >= py { stack.push(m + 1, right, 1 - axis) }
            }
        }
    }
}
