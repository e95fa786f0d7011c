import Foundation

/// A static 2-D KD-tree over Float32 coordinates, built and searched exactly as kdbush 4 does
/// (Floyd–Rivest selection, alternating axes, leaves of `nodeSize` items, an explicit stack), so
/// that `within` returns neighbours in the same order as supercluster sees them. That order decides
/// which unvisited point joins which cluster first, and so the cluster ids.
///
/// `ids[i]` is the caller's number for the item stored at position `i`; `coordinates` holds the
/// items' x and y interleaved, in the same order.
struct KDTree {
    private(set) var ids: [Int32]
    private(set) var coordinates: [Float]
    let nodeSize: Int

    /// Indexes `coordinates` (x, y interleaved) of items numbered `0..<count`.
    init(coordinates: [Float], nodeSize: Int) {
        let count = coordinates.count / 2
        self.ids = (0..<Int32(count)).map { $0 }
        self.coordinates = coordinates
        self.nodeSize = max(2, min(nodeSize, 65535))
        guard count > 0 else { return }
        let nodeSize = self.nodeSize
        ids.withUnsafeMutableBufferPointer { ids in
            self.coordinates.withUnsafeMutableBufferPointer { coords in
                Self.sort(ids, coords, nodeSize, 0, count - 1, 0)
            }
        }
    }

    var count: Int { ids.count }

    // MARK: Building (kdbush's sort and select)

    private static func sort(_ ids: UnsafeMutableBufferPointer<Int32>, _ coords: UnsafeMutableBufferPointer<Float>,
                             _ nodeSize: Int, _ left: Int, _ right: Int, _ axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(ids, coords, m, left, right, axis)
        sort(ids, coords, nodeSize, left, m - 1, 1 - axis)
        sort(ids, coords, nodeSize, m + 1, right, 1 - axis)
    }

    private static func select(_ ids: UnsafeMutableBufferPointer<Int32>, _ coords: UnsafeMutableBufferPointer<Float>,
                               _ k: Int, _ left: Int, _ right: Int, _ axis: Int) {
        var left = left, right = right
        while right > left {
            if right - left > 600 {
                let n = Double(right - left + 1)
                let m = Double(k - left + 1)
                let z = log(n)
                let s = 0.5 * exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                select(ids, coords, k, newLeft, newRight, axis)
            }
            let t = coords[2 * k + axis]
            var i = left
            var j = right
            swapItem(ids, coords, left, k)
            if coords[2 * right + axis] > t { swapItem(ids, coords, left, right) }
            while i < j {
                swapItem(ids, coords, i, j)
                i += 1
                j -= 1
                while coords[2 * i + axis] < t { i += 1 }
                while coords[2 * j + axis] > t { j -= 1 }
            }
            if coords[2 * left + axis] == t {
                swapItem(ids, coords, left, j)
            } else {
                j += 1
                swapItem(ids, coords, j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    @inline(__always)
    private static func swapItem(_ ids: UnsafeMutableBufferPointer<Int32>, _ coords: UnsafeMutableBufferPointer<Float>,
                                 _ i: Int, _ j: Int) {
        ids.swapAt(i, j)
        coords.swapAt(2 * i, 2 * j)
        coords.swapAt(2 * i + 1, 2 * j + 1)
    }

    // MARK: Searching

    /// Appends to `result` the ids of the items within `radius` of (`qx`, `qy`), in kdbush's order.
    /// `stack` is scratch space, kept by the caller so that a search allocates nothing.
    func within(_ qx: Double, _ qy: Double, _ radius: Double, into result: inout [Int32], stack: inout KDStack) {
        result.removeAll(keepingCapacity: true)
        guard !ids.isEmpty else { return }
        let r2 = radius * radius
        let nodeSize = self.nodeSize
        ids.withUnsafeBufferPointer { ids in
            coordinates.withUnsafeBufferPointer { coords in
                stack.push(0, ids.count - 1, 0)
                while let (left, right, axis) = stack.pop() {
                    if right - left <= nodeSize {
                        var i = left
                        while i <= right {
                            let dx = Double(coords[2 * i]) - qx
                            let dy = Double(coords[2 * i + 1]) - qy
                            if dx * dx + dy * dy <= r2 { result.append(ids[i]) }
                            i += 1
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let x = Double(coords[2 * m])
                    let y = Double(coords[2 * m + 1])
                    let dx = x - qx, dy = y - qy
                    if dx * dx + dy * dy <= r2 { result.append(ids[m]) }
                    if axis == 0 ? qx - radius <= x : qy - radius <= y { stack.push(left, m - 1, 1 - axis) }
                    if axis == 0 ? qx + radius >= x : qy + radius >= y { stack.push(m + 1, right, 1 - axis) }
                }
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
