import CPrefetch
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
    /// The middle item's coordinates of every node above the leaves, numbered breadth first (the
    /// root 0, a node's children `2i + 1` and `2i + 2`): what a search reads on its way down,
    /// packed at 8 bytes a node (256 KB for 10⁶ items in leaves of 64) so that it stays in cache,
    /// where the middles themselves lie far apart in `entries`.
    private var middles: [SIMD2<Float>] = []

    /// Indexes `entries` (given in level order), sorting them in place on up to `threads` threads
    /// (the same tree whatever their number): the array is taken over, not copied. With
    /// `unsorted`, the entries are a layout sorted but for those ranges (``KDSorter/sort(_:around:)``),
    /// and only they are sorted.
    init(entries: consuming [KDEntry], nodeSize: Int, unsorted: [KDRange]? = nil, threads: Int = 1) {
        self.entries = consume entries
        self.nodeSize = Self.nodeSize(nodeSize)
        guard self.entries.count > 1 else { return }
        let sorter = KDSorter(nodeSize: self.nodeSize)
        self.entries.withUnsafeMutableBufferPointer { entries in
            if let unsorted { sorter.sort(entries, ranges: unsorted, threads: threads) } else { sorter.sort(entries, threads: threads) }
        }
        middles = Self.middles(of: self.entries, nodeSize: self.nodeSize)
    }

    /// The leaf size a tree is built with for the `nodeSize` asked for.
    static func nodeSize(_ nodeSize: Int) -> Int { max(2, min(nodeSize, 65535)) }

    private static func middles(of entries: [KDEntry], nodeSize: Int) -> [SIMD2<Float>] {
        var middles: [SIMD2<Float>] = []
        func fill(_ node: Int, _ left: Int, _ right: Int) {
            guard right - left > nodeSize else { return }
            let m = (left + right) >> 1
            if node >= middles.count { middles.append(contentsOf: repeatElement(.zero, count: node + 1 - middles.count)) }
            middles[node] = SIMD2(entries[m].x, entries[m].y)
            fill(2 * node + 1, left, m - 1)
            fill(2 * node + 2, m + 1, right)
        }
        fill(0, 0, entries.count - 1)
        return middles
    }

    var count: Int { entries.count }

    /// Takes the tree's storage, emptied, leaving the tree empty: the next level's tree is built in
    /// it, in pages already mapped (a level never has more items than the one before).
    mutating func takeStorage() -> [KDEntry] {
        var storage: [KDEntry] = []
        swap(&storage, &entries)
        storage.removeAll(keepingCapacity: true)
        return storage
    }

    // MARK: Searching

    /// Appends to `result` the tree positions of the items within `radius` of (`qx`, `qy`), in
    /// kdbush's order. `stack` is scratch space kept by the caller, so a search allocates nothing.
    @inline(__always)
    func within(_ qx: Double, _ qy: Double, _ radius: Double, into result: inout [Int32], stack: inout KDStack) {
        result.removeAll(keepingCapacity: true)
        guard !entries.isEmpty else { return }
        let r2 = radius * radius
        let nodeSize = self.nodeSize
        entries.withUnsafeBufferPointer { entries in
            middles.withUnsafeBufferPointer { middles in
                stack.push(0, entries.count - 1, 0, node: 0)
                while let (left, right, axis, node) = stack.pop() {
                    if right - left <= nodeSize {
                        Self.prefetch(entries, left, right)
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
                    let x = Double(middles[node].x)
                    let y = Double(middles[node].y)
                    let dx = x - qx, dy = y - qy
                    if dx * dx + dy * dy <= r2 { result.append(Int32(m)) }
                    let lower = 2 * node + 1
                    if axis == 0 ? qx - radius <= x : qy - radius <= y { stack.push(left, m - 1, 1 - axis, node: lower) }
                    if axis == 0 ? qx + radius >= x : qy + radius >= y { stack.push(m + 1, right, 1 - axis, node: lower + 1) }
                }
            }
        }
    }

    /// Asks for every cache line of the leaf `left...right` at once. Its entries lie together but
    /// are read cold, and a leaf is one to two kilobytes: asked for together, its lines are fetched
    /// side by side instead of one after the other as the scan reaches them.
    @inline(__always)
    private static func prefetch(_ entries: UnsafeBufferPointer<KDEntry>, _ left: Int, _ right: Int) {
        guard left <= right else { return }
        let base = entries.baseAddress!
        var i = left
        while i <= right {
            cairn_prefetch(base + i)
            i &+= 4
        }
        cairn_prefetch(base + right)
    }
}

/// The explicit depth-first stack kdbush searches with: (left, right, axis) frames, last in first
/// out, each with its node's breadth-first number where the search needs it. A search leaves it
/// empty, so one stack serves any number of searches.
struct KDStack {
    private var frames: [(Int, Int, Int, Int)] = []

    init() { frames.reserveCapacity(128) }

    mutating func push(_ left: Int, _ right: Int, _ axis: Int, node: Int = 0) { frames.append((left, right, axis, node)) }

    mutating func pop() -> (Int, Int, Int, Int)? { frames.popLast() }
}
