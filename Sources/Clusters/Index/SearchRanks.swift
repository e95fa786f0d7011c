/// Where each position of a KD-tree comes in kdbush's search order. A search walks the tree
/// depth first from an explicit stack: a node's middle item, then its right half, then its left
/// half (pushed first, popped last), a leaf's items in position order. Whatever a search finds,
/// it lists in this order, so a neighbour list is its members sorted by rank, however they were
/// found.
///
/// A rank is found by walking down from the root, until so many have been asked for that a table
/// of every position's rank (built in one pass) is cheaper: levels where almost every item is
/// alone ask for few.
struct SearchRanks {
    private let count: Int
    private let nodeSize: Int
    private var table: [Int32] = []
    private var walks = 0

    init(count: Int, nodeSize: Int) {
        self.count = count
        self.nodeSize = nodeSize
    }

    /// The rank of tree position `position`.
    @inline(__always)
    mutating func rank(_ position: Int) -> Int32 {
        if table.isEmpty {
            walks &+= 1
            guard walks > max(1024, count / 8) else { return walk(position) }
            table = Self.table(count: count, nodeSize: nodeSize)
        }
        return table[position]
    }

    private func walk(_ position: Int) -> Int32 {
        var left = 0, right = count - 1, first: Int32 = 0
        while right - left > nodeSize {
            let m = (left + right) >> 1
            if position == m { return first }
            if position > m {
                first &+= 1
                left = m + 1
            } else {
                first &+= 1 &+ Int32(truncatingIfNeeded: right - m)
                right = m - 1
            }
        }
        return first &+ Int32(truncatingIfNeeded: position - left)
    }

    private static func table(count: Int, nodeSize: Int) -> [Int32] {
        var ranks = [Int32](repeating: 0, count: count)
        guard count > 0 else { return ranks }
        ranks.withUnsafeMutableBufferPointer { ranks in
            number(ranks, 0, count - 1, first: 0, nodeSize: nodeSize)
        }
        return ranks
    }

    private static func number(_ ranks: UnsafeMutableBufferPointer<Int32>, _ left: Int, _ right: Int, first: Int32, nodeSize: Int) {
        guard left <= right else { return }
        if right - left <= nodeSize {
            for position in left...right { ranks[position] = first &+ Int32(truncatingIfNeeded: position - left) }
            return
        }
        let m = (left + right) >> 1
        ranks[m] = first
        number(ranks, m + 1, right, first: first &+ 1, nodeSize: nodeSize)
        number(ranks, left, m - 1, first: first &+ 1 &+ Int32(truncatingIfNeeded: right - m), nodeSize: nodeSize)
    }
}
