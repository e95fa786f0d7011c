/// ``NeighbourLists`` as they are made: an item alone is flagged, any other's neighbours (itself
/// included) are put in search order and kept under its level index.
struct ListOutput {
    private var isolated: [Bool]
    private var order: [UInt64] = []
    private var ends: [Int32] = []
    private var ids: [Int32] = []
    /// One list being put in order: each member's search rank above its tree position.
    private var ranked: [UInt64] = []
    private var ranks: SearchRanks

    init(count: Int, nodeSize: Int) {
        isolated = [Bool](repeating: false, count: count)
        ranks = SearchRanks(count: count, nodeSize: nodeSize)
        ranked.reserveCapacity(64)
    }

    /// Level indices recorded so far.
    var idCount: Int { ids.count }

    /// Records the item at tree `position` as alone within the radius.
    @inline(__always)
    mutating func recordAlone(_ position: Int, _ entries: UnsafeBufferPointer<KDEntry>) {
        isolated[Int(entries[position].index)] = true
    }

    /// Records the item at tree `position` with the tree positions of its other neighbours, in
    /// any order; an empty `neighbours` records it alone.
    @inline(__always)
    mutating func record(_ position: Int, neighbours: some Collection<Int>, _ entries: UnsafeBufferPointer<KDEntry>) {
        guard !neighbours.isEmpty else { recordAlone(position, entries); return }
        ranked.removeAll(keepingCapacity: true)
        ranked.append(key(position))
        for neighbour in neighbours { ranked.append(key(neighbour)) }
        ranked.sort()
        let index = entries[position].index
        for key in ranked { ids.append(entries[Int(truncatingIfNeeded: key & 0xFFFF_FFFF)].index) }
        order.append(UInt64(UInt32(bitPattern: index)) << 32 | UInt64(ends.count))
        ends.append(Int32(ids.count))
    }

    @inline(__always)
    private mutating func key(_ position: Int) -> UInt64 {
        UInt64(UInt32(bitPattern: ranks.rank(position))) << 32 | UInt64(UInt32(truncatingIfNeeded: position))
    }

    /// The flags and the lists, sorted by level index.
    consuming func finish() -> (isolated: [Bool], order: [UInt64], ends: [Int32], ids: [Int32]) {
        order.sort()
        return (isolated, order, ends, ids)
    }
}
