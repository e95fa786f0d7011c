import Foundation

/// One item of a ``KDTree``: its coordinates (Float32, as supercluster's trees hold them), its
/// index in the level it was built from, and its handle in the index. Kept together so that the
/// sort moves one 16-byte value per swap.
struct KDEntry {
    var x: Float
    var y: Float
    var index: Int32
    var handle: Int32

    @inline(__always)
    func coordinate(_ axis: Int) -> Float { axis == 0 ? x : y }
}

/// A static 2-D KD-tree built and searched exactly as kdbush 4 does (Floyd–Rivest selection,
/// alternating axes, leaves of `nodeSize` items, an explicit stack), so that `within` returns
/// neighbours in the same order as supercluster sees them. That order decides which unvisited
/// point joins which cluster first, and so the cluster ids.
struct KDTree {
    private(set) var entries: [KDEntry]
    let nodeSize: Int

    /// Indexes `entries` (given in level order).
    init(entries: [KDEntry], nodeSize: Int) {
        self.entries = entries
        self.nodeSize = max(2, min(nodeSize, 65535))
        let count = entries.count
        guard count > 0 else { return }
        let sorter = KDSorter(nodeSize: self.nodeSize)
        self.entries.withUnsafeMutableBufferPointer { sorter.sort($0) }
    }

    var count: Int { entries.count }

    // MARK: Searching

    /// Appends to `result` the tree positions of the items within `radius` of (`qx`, `qy`), in
    /// kdbush's order. `stack` is scratch space kept by the caller, so a search allocates nothing.
    func within(_ qx: Double, _ qy: Double, _ radius: Double, into result: inout [Int32], stack: inout KDStack) {
        result.removeAll(keepingCapacity: true)
        guard !entries.isEmpty else { return }
        let r2 = radius * radius
        let nodeSize = self.nodeSize
        entries.withUnsafeBufferPointer { entries in
            stack.push(0, entries.count - 1, 0)
            while let (left, right, axis) = stack.pop() {
                if right - left <= nodeSize {
                    // Every item of the leaf is written and the count moves past the ones within:
                    // no branch per item.
                    let first = result.count
                    result.append(contentsOf: repeatElement(0, count: right - left + 1))
                    let kept = result.withUnsafeMutableBufferPointer { found in
                        var count = first
                        var i = left
                        while i <= right {
                            let dx = Double(entries[i].x) - qx
                            let dy = Double(entries[i].y) - qy
                            found[count] = Int32(truncatingIfNeeded: i)
                            count &+= dx * dx + dy * dy <= r2 ? 1 : 0
                            i &+= 1
                        }
                        return count
                    }
                    result.removeLast(result.count - kept)
                    continue
                }
                let m = (left + right) >> 1
                let x = Double(entries[m].x)
                let y = Double(entries[m].y)
                let dx = x - qx, dy = y - qy
                if dx * dx + dy * dy <= r2 { result.append(Int32(m)) }
                if axis == 0 ? qx - radius <= x : qy - radius <= y { stack.push(left, m - 1, 1 - axis) }
                if axis == 0 ? qx + radius >= x : qy + radius >= y { stack.push(m + 1, right, 1 - axis) }
            }
        }
    }
}

/// The explicit depth-first stack kdbush searches with: (left, right, axis) frames, last in first
/// out. A search leaves it empty, so one stack serves any number of searches.
struct KDStack {
    private var frames: [(Int, Int, Int)] = []

    init() { frames.reserveCapacity(128) }

    mutating func push(_ left: Int, _ right: Int, _ axis: Int) { frames.append((left, right, axis)) }

    mutating func pop() -> (Int, Int, Int)? { frames.popLast() }
}
