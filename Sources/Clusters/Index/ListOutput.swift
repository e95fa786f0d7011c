import CPrefetch

/// ``NeighbourLists`` as they are made: an item alone is left as it is, any other's neighbours
/// (itself included) are put in search order, as tree positions, and found through its level index.
struct ListOutput {
    /// Per level index: where its list starts in `ids`, or -1 when it is alone.
    private var starts: [Int32]
    /// Each list: its length, then its members' tree positions.
    private var ids: [Int32] = []
    /// Scratch room for one list being put in order: each member's search rank above its tree
    /// position. It only grows, so that emptying it costs nothing.
    private var ranked: [UInt64] = []
    private var ranks: SearchRanks

    /// For `count` items; room for `expectedIDs` positions is reserved at once (address space:
    /// pages never written take no memory), so the lists do not grow by copying.
    init(count: Int, nodeSize: Int, expectedIDs: Int) {
        starts = [Int32](repeating: -1, count: count)
        ids.reserveCapacity(expectedIDs)
        ranks = SearchRanks(count: count, nodeSize: nodeSize)
        ranked.reserveCapacity(64)
    }

    /// Positions recorded so far.
    var idCount: Int { ids.count }

    /// Records the item at tree `position` with the tree positions of its other neighbours, in
    /// any order; without any, it stays alone.
    @inline(__always)
    mutating func record(_ position: Int, neighbours: some Collection<Int>, _ entries: UnsafeBufferPointer<KDEntry>) {
        guard !neighbours.isEmpty else { return }
        let length = neighbours.count + 1
        if ranked.count < length { ranked.append(contentsOf: repeatElement(0, count: length - ranked.count)) }
        ranked[0] = key(position)
        var k = 1
        for neighbour in neighbours {
            ranked[k] = key(neighbour)
            k += 1
        }
        ranked.withUnsafeMutableBufferPointer { Self.sortSmall(UnsafeMutableBufferPointer(rebasing: $0[..<length])) }
        starts[Int(entries[position].index)] = Int32(truncatingIfNeeded: ids.count)
        ids.append(Int32(truncatingIfNeeded: length))
        for k in 0..<length { ids.append(Int32(truncatingIfNeeded: ranked[k] & 0xFFFF_FFFF)) }
    }

    /// Asks the caches for where the start of an entry's list is kept, to be written soon.
    @inline(__always)
    func prefetchStart(of entry: KDEntry) {
        starts.withUnsafeBufferPointer { cairn_prefetch_write($0.baseAddress! + Int(entry.index)) }
    }

    /// Records the item at level index `index` with what a search around it found, in the order
    /// found (a search's order is the search order already).
    mutating func record(index: Int, found: some Collection<Int32>) {
        starts[index] = Int32(truncatingIfNeeded: ids.count)
        ids.append(Int32(truncatingIfNeeded: found.count))
        ids.append(contentsOf: found)
    }

    /// Sorts a list, most of them a few items long: by insertion up to 16, the library's sort above.
    @inline(__always)
    private static func sortSmall(_ keys: UnsafeMutableBufferPointer<UInt64>) {
        guard keys.count <= 16 else {
            var keys = keys
            keys.sort()
            return
        }
        for i in 1..<max(1, keys.count) {
            let key = keys[i]
            var j = i
            while j > 0, keys[j - 1] > key {
                keys[j] = keys[j - 1]
                j -= 1
            }
            keys[j] = key
        }
    }

    @inline(__always)
    private mutating func key(_ position: Int) -> UInt64 {
        UInt64(UInt32(bitPattern: ranks.rank(position))) << 32 | UInt64(UInt32(truncatingIfNeeded: position))
    }

    /// Takes in the lists `other` recorded (for other items of the same level), after these.
    mutating func absorb(_ other: consuming ListOutput) {
        let base = Int32(truncatingIfNeeded: ids.count)
        other.starts.withUnsafeBufferPointer { theirs in
            starts.withUnsafeMutableBufferPointer { mine in
                // An item is listed by one of the two at most (-1 in the other): without a branch.
                for index in 0..<theirs.count {
                    let start = theirs[index]
                    mine[index] = max(mine[index], start >= 0 ? start &+ base : -1)
                }
            }
        }
        ids.append(contentsOf: other.ids)
    }

    /// The starts by level index, and the lists.
    consuming func finish() -> (starts: [Int32], ids: [Int32]) {
        (starts, ids)
    }
}
