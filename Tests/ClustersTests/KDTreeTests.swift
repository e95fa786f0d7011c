import Testing
@testable import Clusters

/// `KDTree.within` reads each node's middle from a packed breadth-first table instead of the
/// entries; these tests hold it to kdbush's search written plainly over the entries: the same
/// positions in the same order, for every query.
@Suite struct KDTreeTests {
    /// kdbush's `within`: depth first from an explicit stack, a node's middle read from the
    /// entries, left half pushed before the right (so the right is searched first).
    static func plainWithin(_ tree: KDTree, _ qx: Double, _ qy: Double, _ radius: Double) -> [Int32] {
        let entries = tree.entries
        guard !entries.isEmpty else { return [] }
        var result: [Int32] = []
        var stack = [(0, entries.count - 1, 0)]
        while let (left, right, axis) = stack.popLast() {
            if right - left <= tree.nodeSize {
                for i in left...right where Self.distanceSquared(entries[i], qx, qy) <= radius * radius {
                    result.append(Int32(i))
                }
                continue
            }
            let m = (left + right) >> 1
            if Self.distanceSquared(entries[m], qx, qy) <= radius * radius { result.append(Int32(m)) }
            let split = Double(axis == 0 ? entries[m].x : entries[m].y)
            if (axis == 0 ? qx : qy) - radius <= split { stack.append((left, m - 1, 1 - axis)) }
            if (axis == 0 ? qx : qy) + radius >= split { stack.append((m + 1, right, 1 - axis)) }
        }
        return result
    }

    static func distanceSquared(_ entry: KDEntry, _ qx: Double, _ qy: Double) -> Double {
        let dx = Double(entry.x) - qx, dy = Double(entry.y) - qy
        return dx * dx + dy * dy
    }

    @Test(arguments: [0, 1, 2, 65, 66, 1_000, 30_000])
    func aSearchFindsWhatKdbushFindsInItsOrder(count: Int) {
        for nodeSize in [2, 16, 64] {
            var random = SeededGenerator(seed: UInt64(count * 7 + nodeSize))
            // Coarse coordinates, so that many items share a split value.
            let entries = (0..<count).map { i in
                KDEntry(x: Float(random.next() % 4096) / 4096, y: Float(random.next() % 4096) / 4096,
                        index: Int32(i), handle: Int32(i))
            }
            let tree = KDTree(entries: entries, nodeSize: nodeSize)
            var found: [Int32] = []
            var stack = KDStack()
            for query in 0..<200 {
                let qx = Double(random.next() % 10_000) / 9_000 - 0.05
                let qy = Double(random.next() % 10_000) / 9_000 - 0.05
                let radius = [0, 0.001, 0.01, 0.1, 2][query % 5]
                tree.within(qx, qy, radius, into: &found, stack: &stack)
                let expected = Self.plainWithin(tree, qx, qy, radius)
                guard found == expected else {
                    Issue.record("\(count) items, node size \(nodeSize), query (\(qx), \(qy)) r \(radius): \(found.count) found, \(expected.count) expected")
                    return
                }
            }
            // A search from an item's own position at radius 0 finds it (every item is reachable).
            for position in stride(from: 0, to: count, by: max(1, count / 97)) {
                let entry = tree.entries[position]
                tree.within(Double(entry.x), Double(entry.y), 0, into: &found, stack: &stack)
                #expect(found.contains(Int32(position)), "position \(position) of \(count), node size \(nodeSize)")
            }
        }
    }
}
