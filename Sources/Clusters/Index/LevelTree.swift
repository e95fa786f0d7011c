/// One zoom level of a ``ClusterIndex`` as it is kept for queries: the level's items (points and
/// clusters, by handle) in the order of the KD-tree supercluster builds for the level, without
/// their coordinates, which every level shares through the index's item table. Keeping 4 bytes an
/// item instead of 12 is what lets 10⁶ points and their 18 levels fit in little memory.
struct LevelTree: Sendable {
    /// Item handles in KD order.
    let handles: [Int32]
    let nodeSize: Int

    /// The handles of the items inside the box, in kdbush's `range` order. `x` and `y` give an
    /// item's tree coordinates (Float32, as the tree compares them).
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double,
               x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, into result: inout [Int32]) {
        guard !handles.isEmpty else { return }
        handles.withUnsafeBufferPointer { handles in
            var stack = KDStack()
            stack.push(0, handles.count - 1, 0)
            while let (left, right, axis, _) = stack.pop() {
                if right - left <= nodeSize {
                    for i in left...right {
                        let h = Int(handles[i])
                        let px = Double(x[h]), py = Double(y[h])
                        if px >= minX && px <= maxX && py >= minY && py <= maxY { result.append(handles[i]) }
                    }
                    continue
                }
                let m = (left + right) >> 1
                let h = Int(handles[m])
                let px = Double(x[h]), py = Double(y[h])
                if px >= minX && px <= maxX && py >= minY && py <= maxY { result.append(handles[m]) }
                if axis == 0 ? minX <= px : minY <= py { stack.push(left, m - 1, 1 - axis) }
                if axis == 0 ? maxX >= px : maxY >= py { stack.push(m + 1, right, 1 - axis) }
            }
        }
    }
}
